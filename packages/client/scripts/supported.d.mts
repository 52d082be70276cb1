export declare function checkSupported(spec: object, where: string, item: object, op: object): void;
