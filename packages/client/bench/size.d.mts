export declare function bundleSize(entry: string): Promise<{ min: number; gzip: number }>;
