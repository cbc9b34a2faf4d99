// A response's headers as a plain record, lower-case names: srvx's FastResponse takes it as it is and writes it with
// the body, where a WHATWG Headers object cost a validation and a copy per call (measured ~10 % of a small request).
export type ResponseHeaders = Record<string, string>;
