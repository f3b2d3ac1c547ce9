// `npm run demo`'s model server (MODEL_PORT, default 3005): the generated tiny model
// (scripts/make-tiny-model.mjs) served on 127.0.0.1 the way the default open model's host
// serves it (Content-Length, Range, CORS). The demo pages point the chat's default open model
// here (demo/chat-params.ts), so a newcomer sees the consent with its size, the progress, and
// an answer that calls a tool, with no model from the internet.
// @ts-expect-error plain JS script (also run by hand: node scripts/make-tiny-model.mjs)
import { makeTinyModel } from '../../scripts/make-tiny-model.mjs';
import { startModelFileServer } from '../../test/servers/model-file-server.js';

const port = Number(process.env.MODEL_PORT ?? 3005);
const server = await startModelFileServer([{ path: 'tiny-model.gguf', data: makeTinyModel() }], port);
console.log(`demo model server on ${server.url}/demo/tiny-model.gguf`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
