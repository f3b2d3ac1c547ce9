// An answer's sources (issue 39 item 1), loaded when an answer follows a tool
// result (chunks.ts, sourcesChunk): the first load carries none of it.
export { renderSources, sourcesOf, sourcesStyles } from './answer-sources.js';
