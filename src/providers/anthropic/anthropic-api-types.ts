/**
 * The Anthropic Messages wire format, as far as this adapter uses it
 * (POST /v1/messages, GET /v1/models, version 2023-06-01).
 */

/** Image source: base64 data. */
export interface AnthropicImageSource {
  type: 'base64';
  media_type: string;
  data: string;
}

/** A PDF: base64 data (`media_type` is `application/pdf`), its file name as `title`. */
export interface AnthropicDocument {
  type: 'document';
  source: { type: 'base64'; media_type: 'application/pdf'; data: string };
  title?: string;
}

/** Blocks a request message can hold. */
export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: AnthropicImageSource }
  | AnthropicDocument
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content: Array<{ type: 'text'; text: string } | { type: 'image'; source: AnthropicImageSource } | AnthropicDocument>;
      is_error?: boolean;
    };

/** One request message. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

/** A tool offered to the model. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

/** How the model may use tools. */
export type AnthropicToolChoice = { type: 'auto' } | { type: 'any' } | { type: 'none' } | { type: 'tool'; name: string };

/** The request body. */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  system?: string;
  temperature?: number;
  stop_sequences?: string[];
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  stream?: boolean;
}

/** Token counts. */
export interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
}

/** Blocks an answer can hold (others, like `thinking`, are skipped by this adapter). */
export type AnthropicResponseBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: string; [key: string]: unknown };

/** A non-streamed answer. */
export interface AnthropicResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicResponseBlock[];
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

/** Streamed events (the `type` field of each `data:` payload). */
export type AnthropicStreamEvent =
  | { type: 'message_start'; message: AnthropicResponse }
  | { type: 'content_block_start'; index: number; content_block: AnthropicResponseBlock }
  | {
      type: 'content_block_delta';
      index: number;
      delta:
        | { type: 'text_delta'; text: string }
        | { type: 'input_json_delta'; partial_json: string }
        | { type: string; [key: string]: unknown };
    }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: string | null; stop_sequence: string | null }; usage?: AnthropicUsage }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type: string; message: string } };

/** An error body: `{ type: 'error', error: { type, message } }`. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
  request_id?: string | null;
}

/** GET /v1/models. */
export interface AnthropicModelList {
  data: Array<{ type: 'model'; id: string; display_name: string; created_at: string }>;
  has_more: boolean;
  first_id: string | null;
  last_id: string | null;
}
