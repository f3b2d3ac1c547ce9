import type { McpDiagnosis } from '../../mcp/diagnosis.js';

const PROXY_HINT_AR =
  'إن لم تكن تدير هذا الخادم، فضع أمامه وكيلًا يضيف CORS (وثائق mcp-elements: docs/mcp.md، «A CORS proxy for servers you do not run»).';
const CHECK_ADDRESS_AR = 'تحقّق من العنوان؛ فهو ينتهي غالبًا بـ /mcp.';

/**
 * The sentence of a connection diagnosis in Arabic (the `diagnosis` key of
 * the Arabic strings table). Header names, addresses and what the server
 * said stay as they are.
 */
export function diagnosisInArabic(d: McpDiagnosis, _english?: string): string {
  const where = 'host' in d && d.host ? `الخادم على ${d.host}` : 'الخادم';
  switch (d.kind) {
    case 'sign-in-metadata':
      return `ردّ خادم تسجيل الدخول الخاص بـ ${d.host ?? 'الخادم'} (${d.authServer}) بما ليس بيانات تسجيل دخول صالحة.`;
    case 'sign-in-metadata-blocked':
      return `خادم تسجيل الدخول ${d.authServer} لا يسمح لهذه الصفحة بقراءة إعداداته (بياناته الوصفية بلا ترويسات CORS). اطلب من مالكه أن يسمح لهذا الموقع.`;
    case 'sign-in-unreachable':
      return `تعذّر الوصول إلى خادم تسجيل الدخول ${d.authServer}${d.host ? ` الخاص بـ ${d.host}` : ''}. تحقّق من أنه يعمل وأن هذا الحاسوب متصل بالإنترنت.`;
    case 'unreachable':
      return `تعذّر الوصول إلى ${d.url}${d.code ? ` (${d.code})` : ''}. تحقّق من أن الخادم يعمل وأن العنوان صحيح.`;
    case 'cors-origin':
      return (
        `الخادم على ${d.host} يردّ، لكن سياسة CORS لديه لا تسمح لهذه الصفحة (${d.origin}): يجب أن يرسل Access-Control-Allow-Origin ` +
        `وأن يجيب عن طلب OPTIONS التمهيدي. ${PROXY_HINT_AR}`
      );
    case 'cors-preflight':
      return (
        `الخادم على ${d.host} يردّ، لكنه يرفض طلب CORS التمهيدي من المتصفح: يجب أن تُجاب طلبات OPTIONS إلى ${d.url} ` +
        `بحالة 2xx مع Access-Control-Allow-Origin وAccess-Control-Allow-Methods (POST, GET, DELETE) وAccess-Control-Allow-Headers ` +
        `(${d.headers.join(', ')}). ${PROXY_HINT_AR}`
      );
    case 'cors-headers':
      return (
        `الخادم على ${d.host} لا يسمح ${d.headers.length > 1 ? 'بترويسات الطلب' : 'بترويسة الطلب'} ${d.headers.join('، ')} من هذه ` +
        `الصفحة (CORS): أضفها إلى Access-Control-Allow-Headers. ${PROXY_HINT_AR}`
      );
    case 'cors-responses':
      return (
        `حجب المتصفح الردّ من ${d.host} (CORS) رغم نجاح الطلب التمهيدي: على الأرجح لا يرسل الخادم Access-Control-Allow-Origin في ` +
        `بعض الردود (الأخطاء، تدفقات الأحداث).`
      );
    case 'session-id-hidden':
      return (
        `بدأ الخادم على ${d.host} جلسة، لكن هذه الصفحة لا تستطيع قراءة ترويسة Mcp-Session-Id (CORS): يجب أن يدرج الخادم Mcp-Session-Id ` +
        `في Access-Control-Expose-Headers.`
      );
    case 'sign-in':
      return `يطلب ${where} تسجيل الدخول${d.status === 401 ? ' (HTTP 401)' : ''}.`;
    case 'forbidden':
      return `رفض ${where} الوصول (HTTP 403). سجّل الدخول بحساب مسموح له باستخدامه.`;
    case 'no-endpoint':
      return `لا توجد نقطة MCP على ${d.url} (HTTP ${d.status}). ${CHECK_ADDRESS_AR}`;
    case 'http-status':
      return `ردّ ${where} بـ HTTP ${d.status}${d.statusText ? ` ${d.statusText}` : ''}${d.text ? `: ${d.text}` : ''}.`;
    case 'not-mcp-content':
      return `${where} ليس نقطة MCP: ردّ بمحتوى من نوع ${d.contentType} بدلًا من JSON أو تدفق أحداث.${d.checkAddress ? ` ${CHECK_ADDRESS_AR}` : ''}`;
    case 'not-mcp':
      return `أرسل ${where} ما ليس MCP (${d.detail}).`;
    case 'timeout':
      return `لم يردّ ${where} في الوقت المحدد.`;
    case 'closed-before-answer':
      return `أُغلق الاتصال مع ${where} قبل أن يردّ.`;
    case 'cut-off':
      return `انقطع الاتصال مع ${where}.`;
    case 'invalid-answer':
      return `أرسل ${where} ردًّا غير صالح: ${d.detail}`;
    case 'server-error':
      return `أعاد ${where} خطأً: ${d.detail}`;
    case 'other':
      return `${where}: ${d.detail}`;
    case 'stopped':
      return 'أُوقف الطلب.';
  }
}
