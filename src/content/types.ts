/**
 * The one message format of the project: MCP content blocks as the spec
 * (2025-11-25, unchanged in 2026-07-28) defines them. Declared here rather
 * than imported so that `content/` stays free of the SDK; the shapes are
 * structurally identical to the SDK's types and every object carries unknown
 * fields through untouched (`[key: string]: unknown`).
 */

/** Optional hints on a block: who it is for and how much it matters. */
export interface Annotations {
  audience?: Array<'user' | 'assistant'>;
  priority?: number;
  lastModified?: string;
  [key: string]: unknown;
}

interface BlockBase {
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Plain text. */
export interface TextBlock extends BlockBase {
  type: 'text';
  text: string;
}

/** A base64 image. */
export interface ImageBlock extends BlockBase {
  type: 'image';
  data: string;
  mimeType: string;
}

/** A base64 audio clip. */
export interface AudioBlock extends BlockBase {
  type: 'audio';
  data: string;
  mimeType: string;
}

/** An icon a server offers for a tool, prompt, resource or itself. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
  [key: string]: unknown;
}

/** A link to a resource the client may read with `resources/read`. */
export interface ResourceLinkBlock extends BlockBase {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
}

/** Contents of a resource: text or a base64 blob. */
export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown>; [key: string]: unknown }
  | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown>; [key: string]: unknown };

/** A resource embedded in a message. */
export interface EmbeddedResourceBlock extends BlockBase {
  type: 'resource';
  resource: ResourceContents;
}

/** The model asks to run a tool. */
export interface ToolUseBlock {
  type: 'tool_use';
  /** Unique in the conversation; the matching tool_result carries it as `toolUseId`. */
  id: string;
  name: string;
  input: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What a tool returned, exactly as the server sent it. */
export interface ToolResultBlock {
  type: 'tool_result';
  toolUseId: string;
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The blocks a tool result, a prompt or a resource can carry. */
export type ContentBlock = TextBlock | ImageBlock | AudioBlock | ResourceLinkBlock | EmbeddedResourceBlock;

/** Every block a message can carry. */
export type MessageBlock = ContentBlock | ToolUseBlock | ToolResultBlock;

/** Who speaks. MCP has no system role: the system prompt travels beside the messages. */
export type Role = 'user' | 'assistant';

/** One message, the unit the history stores and the providers exchange. */
export interface Message {
  role: Role;
  content: MessageBlock[];
  _meta?: Record<string, unknown>;
}

/** The block type names, for exhaustive switches. */
export const BLOCK_TYPES = ['text', 'image', 'audio', 'resource_link', 'resource', 'tool_use', 'tool_result'] as const;
/** One of {@link BLOCK_TYPES}. */
export type BlockType = (typeof BLOCK_TYPES)[number];
