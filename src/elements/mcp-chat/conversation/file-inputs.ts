// SEP-2356 file inputs in the chat's turns: a tool argument marked `x-mcp-file` (a `uri` string) is filled by the
// chat with a `data:` URI of a file the person attached, never by the model. The model sees, in its place, a string
// that names the attached file; the chat puts the file's bytes in before the call goes to the server. The bytes
// never pass through the model (the tool_use block keeps the name the model wrote).
import type { ContentBlock, Message } from '../../../content/index.js';
import type { AgentTool } from '../../../agent/index.js';
import { fileDataUri, fileFits, fileInputRule } from '../../shared/file-input.js';

type Schema = Record<string, unknown>;

/** The names of a tool's arguments that take a file (`x-mcp-file` on a string property, read as the elicitation form reads it). */
export function fileArguments(tool: Pick<AgentTool, 'inputSchema'>): string[] {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
  return Object.keys(props).filter((k) => fileInputRule(props[k]) !== undefined);
}

/** An attached file found in the conversation: its name, type and base64 bytes. */
interface Attached {
  name: string;
  type: string;
  base64: () => string;
  size: number;
}

function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const base64Size = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/** The files the person attached in the conversation, newest first (one per name). */
export function attachedFiles(messages: readonly Message[]): Attached[] {
  const out = new Map<string, Attached>();
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue;
    for (const block of message.content as ContentBlock[]) {
      const file = asFile(block);
      if (file && !out.has(file.name)) out.set(file.name, file);
    }
  }
  return [...out.values()];
}

function asFile(block: ContentBlock): Attached | undefined {
  if (block.type === 'image' && typeof block._meta?.['name'] === 'string') {
    const data = block.data;
    return { name: block._meta['name'], type: block.mimeType, base64: () => data, size: base64Size(data) };
  }
  if (block.type !== 'resource' || !block.resource.uri.startsWith('attachment:')) return undefined;
  const r = block.resource;
  const name = typeof r['name'] === 'string' ? r['name'] : decodeURIComponent(r.uri.slice('attachment:'.length));
  const type = r.mimeType ?? 'application/octet-stream';
  if ('blob' in r && typeof r.blob === 'string') {
    const blob = r.blob;
    return { name, type, base64: () => blob, size: base64Size(blob) };
  }
  if ('text' in r && typeof r.text === 'string') {
    const text = r.text;
    return { name, type, base64: () => utf8Base64(text), size: new TextEncoder().encode(text).length };
  }
  return undefined;
}

/**
 * The tool as the model sees it: each file argument becomes a string naming an attached file (its description says
 * so, and which files there are). Tools without file arguments are given back as they are.
 */
export function toolForModel(tool: AgentTool, files: readonly Attached[]): AgentTool {
  const names = fileArguments(tool);
  if (!names.length) return tool;
  const properties = { ...(tool.inputSchema.properties ?? {}) } as Record<string, Schema>;
  const list = files.length
    ? `Attached now: ${files.map((f) => JSON.stringify(f.name)).join(', ')}.`
    : 'No file is attached yet: ask the person to attach one.';
  for (const name of names) {
    const original = properties[name]!;
    properties[name] = {
      type: 'string',
      description:
        `${typeof original['description'] === 'string' ? `${original['description']} ` : ''}Write only the name of a file the ` +
        `person attached; the chat passes the file itself to the tool. ${list}`,
    };
  }
  return { ...tool, inputSchema: { ...tool.inputSchema, properties } };
}

/**
 * The call's arguments with each file argument filled: the model's value names an attached file (or, with one file
 * attached, that file is meant). Throws an error in words when no attached file fits (its type or size against the
 * tool's `x-mcp-file` `accept` and `maxSize`, SEP-2356's client-side check).
 */
export function fillFileArguments(tool: AgentTool, args: Record<string, unknown>, files: readonly Attached[]): Record<string, unknown> {
  const names = fileArguments(tool);
  if (!names.length) return args;
  const out = { ...args };
  const props = tool.inputSchema.properties as Record<string, Schema>;
  for (const name of names) {
    const wanted = typeof args[name] === 'string' ? (args[name] as string).trim() : '';
    if (!wanted && !(tool.inputSchema.required ?? []).includes(name)) continue;
    const file = files.find((f) => f.name === wanted) ?? (files.length === 1 ? files[0] : undefined);
    if (!file)
      throw new Error(
        files.length
          ? `No attached file is named ${JSON.stringify(wanted)}; the attached files are ${files.map((f) => f.name).join(', ')}.`
          : `${tool.title ?? tool.name} needs a file: attach one, then ask again.`,
      );
    const { accept, maxSize } = fileInputRule(props[name])!;
    if (accept.length && !accept.some((a) => fileFits(a, file)))
      throw new Error(`${tool.title ?? tool.name} does not take ${file.name} (${file.type}); it takes ${accept.join(', ')}.`);
    if (maxSize !== undefined && file.size > maxSize)
      throw new Error(`${file.name} is ${file.size} bytes; ${tool.title ?? tool.name} takes files up to ${maxSize} bytes.`);
    out[name] = fileDataUri(file.type, file.name, file.base64());
  }
  return out;
}
