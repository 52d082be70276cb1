export declare const SIZE_GOAL: { min: number; gzip: number };
export declare const SIZE_CEILING: { min: number; gzip: number };
export declare function bundleSize(entry: string): Promise<{ min: number; gzip: number }>;
