import { coreSentence, type CorsDiagnosis, type McpDiagnosis } from './diagnosis.js';
import { corsSentence } from './diagnosis-cors.js';

/** The sentence of a diagnosis in English: the `message` of its `McpConnectionError`. */
export function diagnosisInEnglish(d: McpDiagnosis): string {
  return d.kind.startsWith('cors-') || d.kind === 'session-id-hidden'
    ? corsSentence(d as CorsDiagnosis)
    : coreSentence(d as Exclude<McpDiagnosis, CorsDiagnosis>);
}
