export declare const packageDir: string;
export declare const venvDir: string;
export declare function venvBin(name: string): string;
