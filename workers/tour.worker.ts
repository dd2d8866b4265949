/**
 * The home page's product tour: the built-in sample project through the real engine, off the
 * page's thread (DESIGN.md: UI code never computes metrics on the main thread). Started by the
 * tour's lazy chunk, asked once, then terminated. Its interface is src/local/contracts.ts TourWorkerApi.
 */
import * as Comlink from 'comlink';
import type { TourWorkerApi } from '../src/local/contracts';
import { analyseSample } from '../src/core/sample/riversideViaduct';

const api: TourWorkerApi = { analyseSample };

Comlink.expose(api);
