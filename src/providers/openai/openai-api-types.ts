/**
 * The OpenAI chat-completions wire format, as far as this adapter uses it
 * (POST /chat/completions, GET /models). Also spoken by OpenRouter, Ollama
 * (/v1), LM Studio, vLLM, the llama.cpp server and Groq.
 */

/** A part of a user message's content. */
export type OpenAIContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } }
  | { type: 'file'; file: { filename: string; file_data: string } };

/** A tool call the assistant made (arguments are a JSON string). */
export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the request. */
export type OpenAIMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function tool offered to the model. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/** The request body. */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIMessage[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  stop?: string[];
  tools?: OpenAITool[];
  tool_choice?: 'auto' | 'required' | 'none';
  response_format?: { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  /** Ollama's own structured-output field. */
  format?: Record<string, unknown>;
  stream?: boolean;
  stream_options?: { include_usage: boolean };
}

/** Token counts. */
export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
}

/** A non-streamed answer. */
export interface OpenAIChatResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: { role: 'assistant'; content: string | null; refusal?: string | null; tool_calls?: OpenAIToolCall[] };
    finish_reason: string | null;
  }>;
  usage?: OpenAIUsage | null;
}

/** A tool-call fragment in a streamed chunk: the first fragment of a call has id and name. */
export interface OpenAIToolCallDelta {
  /** Absent from some servers, which send each call whole. */
  index?: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** One streamed chunk (`data:` line). The usage chunk has `choices: []`. */
export interface OpenAIChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    delta: { role?: 'assistant'; content?: string | null; refusal?: string | null; tool_calls?: OpenAIToolCallDelta[] };
    finish_reason: string | null;
  }> | null;
  usage?: OpenAIUsage | null;
  /** Some servers report a failure inside the stream. */
  error?: { message?: string; type?: string; code?: string | null };
}

/** An error body: `{ error: { message, type, param, code } }`. */
export interface OpenAIErrorBody {
  error: { message: string; type?: string | null; param?: string | null; code?: string | number | null };
}

/** GET /models. */
export interface OpenAIModelList {
  object: 'list';
  data: Array<{ id: string; object: 'model'; created?: number; owned_by?: string }>;
}
