/**
 * The shared XML layer for the XML schedule readers: encoding detection (./encoding.ts), a fixed
 * tag vocabulary (./names.ts), a byte-level pull scanner (./scanner.ts), text with XML's
 * references (./text.ts) and XML Schema values read from bytes (./values.ts).
 */
export { toUtf8, declaredEncoding, XmlEncodingError, type Utf8Input } from './encoding';
export { NameTable, hashBytes } from './names';
export { XmlScanner, XmlRecord, EOF, START, END, CONTAINER, LEAF, STRING, type ScannerOptions } from './scanner';
export { decodeText, decodeRaw, resolveReferences, EntityError } from './text';
export { parseDecimal, parseInteger, parseDurationHours, DateReader } from './values';
