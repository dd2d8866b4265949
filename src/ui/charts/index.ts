/** Small SVG charts with no chart library. */
export * from './scale';
export * from './LineChart';
