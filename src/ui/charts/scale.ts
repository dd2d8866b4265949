/**
 * The charts' pure geometry lives in src/core/chart/scale.ts so the PDF builders (src/core) draw
 * with the same scales and ticks as the screen; re-exported here for the SVG components.
 */
export * from '../../core/chart/scale';
