/** Request and response shapes of the JSON API, shared by client and server (types only). */
export type * from './teams';
export type * from './blog';
