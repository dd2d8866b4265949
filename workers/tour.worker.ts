/**
 * The home page's product tour: the built-in sample project through the real engine, off the
 * page's thread (DESIGN.md: UI code never computes metrics on the main thread). Started by the
 * tour's lazy chunk, asked once, then terminated.
 */
import * as Comlink from 'comlink';
import { analyseSample } from '../src/core/sample/riversideViaduct';

const api = { analyseSample };
export type TourWorkerApi = typeof api;

Comlink.expose(api);
