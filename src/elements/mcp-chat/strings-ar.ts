import { CONTENT_STRINGS_AR } from '../shared/content-strings-ar.js';
import { FORM_STRINGS_AR } from '../shared/form-strings-ar.js';
import { plural } from '../shared/plural.js';
import type { ChatStrings } from './strings.js';
import { diagnosisInArabic } from './diagnosis-ar.js';
import { syncErrorInArabic } from './sync/sync-error-ar.js';

// Not in the first load of the single-file bundle: loaded when a chat in
// Arabic first renders (strings.ts, `languageReady`).

/** Arabic (right to left). */
export const CHAT_STRINGS_AR: ChatStrings = {
  ...CONTENT_STRINGS_AR,
  ...FORM_STRINGS_AR,
  title: 'محادثة',
  placeholder: 'رسالة، أو اكتب / للأدوات',
  messageLabel: 'رسالة',
  send: 'إرسال',
  stop: 'إيقاف',
  attach: 'إرفاق ملفات',
  dictate: 'إملاء',
  stopDictation: 'إيقاف الإملاء',
  readAloud: 'قراءة بصوت عالٍ',
  stopReading: 'إيقاف القراءة',
  handsFree: 'بدون استخدام اليدين',
  micDenied: 'لا يُسمح لهذه الصفحة باستخدام الميكروفون. اسمح بذلك في إعدادات الموقع في المتصفح، ثم حاول مرة أخرى.',
  noMicrophone: 'لم يُعثر على ميكروفون. صِل ميكروفونًا، ثم حاول مرة أخرى.',
  speechNetwork: 'تعذّر على التعرّف على الكلام الوصول إلى خدمته. حاول مرة أخرى، أو اكتب رسالتك.',
  noSpeech: 'لم يُسمع أي كلام. اضغط على الميكروفون وتحدّث مرة أخرى.',
  speechLanguage: (language) => `لا يستطيع هذا المتصفح التعرّف على الكلام باللغة ${language}. اكتب رسالتك بدلًا من ذلك.`,
  dictationFailed: (detail) => `توقّف الإملاء: ${detail}. حاول مرة أخرى، أو اكتب رسالتك.`,
  listening: 'جارٍ الاستماع…',
  transcribing: 'جارٍ تحويل كلامك إلى نص…',
  dictationCancelled: 'أُلغي الإملاء.',
  noVoice: (language) => `لا يوجد في هذا المتصفح صوت للغة ${language}، فلم تُقرأ الإجابة. يمكن إضافة صوت من إعدادات الكلام في النظام.`,
  readAloudFailed: 'تعذّرت قراءة الإجابة بصوت عالٍ.',
  approvalSpoken: (tool) => `تحتاج ${tool} إلى موافقتك. اختر موافقة أو رفض على الشاشة.`,
  handsFreeOn: 'وضع بدون استخدام اليدين مفعّل: تُقرأ كل إجابة بصوت عالٍ، ثم تستمع المحادثة من جديد.',
  handsFreeOff: 'وضع بدون استخدام اليدين متوقف.',
  conversationLabel: 'المحادثة',
  conversations: 'المحادثات',
  resources: 'الموارد',
  servers: 'الخوادم',
  settings: 'الإعدادات',
  newConversation: 'محادثة جديدة',
  more: 'المزيد',
  noModelNotice: 'لم يُعدّ أي نموذج هنا، فلا أحد يجيب. اختر نموذجًا في الإعدادات، أو اكتب / لتشغيل أداة أو قالب بنفسك.',
  downloadFirstReply: 'يحتاج النموذج إلى تنزيل لمرة واحدة قبل أن يجيب. ابدأه في الإعدادات، ثم أرسل رسالتك مرة أخرى.',
  openSettings: 'فتح الإعدادات',
  builtInModels: 'نماذج على هذا الجهاز',
  browserModelName: 'النموذج المدمج',
  onDeviceModelName: 'نموذج على الجهاز',
  modelChecking: 'جارٍ التحقق…',
  modelReady: 'جاهز. لا يغادر ما تكتبه هذا الجهاز.',
  modelNeedsDownload: 'يحتاج إلى تنزيل',
  modelDownloadSize: (size) => `يحتاج إلى تنزيل لمرة واحدة${size ? ` بحجم ${size}` : ''}. يبقى على هذا الجهاز للمرة القادمة.`,
  downloadModel: (size) => (size ? `تنزيل ${size}` : 'تنزيل'),
  modelDownloading: (percent) => `جارٍ التنزيل… ${percent}٪`,
  modelDownloadStarted: 'بدأ تنزيل النموذج.',
  modelDownloaded: 'نُزّل النموذج وهو جاهز.',
  modelDownloadCancelled: 'أُلغي التنزيل.',
  modelDownloadFailed: (why) => `فشل التنزيل: ${why}`,
  modelConsent: (name, size, source, time) =>
    `ليجيب هنا دون حساب، يمكن تشغيل ${name}، وهو نموذج مفتوح، على هذا الجهاز: تنزيل لمرة واحدة بحجم ${size} من ${source} ` +
    `(${time}). يبقى على هذا الجهاز ويعمل دون اتصال بعد ذلك.`,
  betterModel: (name, size, source, time) =>
    `يستطيع هذا الجهاز أيضًا تشغيل ${name}، وهو نموذج مفتوح أكبر يجيب بشكل أفضل: ${size} من ${source} (${time}).`,
  downloadBetter: (name, size) => `تنزيل ${name} (${size}) بدلًا منه`,
  modelDownloadTime: (duration, mbps) => `نحو ${duration} بسرعة ${mbps} ميغابت/ث`,
  modelDownloadBytes: (loaded, total, left) => `${loaded} من ${total}${left ? ` · بقي نحو ${left}` : ''}`,
  modelDownloadingElsewhere: 'يجري التنزيل في علامة تبويب أخرى لهذا الموقع…',
  otherModelsInSettings: 'أو اختر نموذجًا آخر.',
  cancelDownload: 'إلغاء',
  modelUnavailable: (reason) =>
    (
      ({
        'no-api': 'لا يحتوي هذا المتصفح على نموذج مدمج.',
        'insecure-context': 'يحتاج النموذج المدمج إلى صفحة آمنة (https).',
        unsupported: 'لا يحتوي هذا المتصفح على نموذج مدمج لهذا الجهاز أو هذه اللغة.',
        error: 'لم يتمكن المتصفح من معرفة ما إذا كان لديه نموذج.',
        'no-wasm': 'لا يستطيع هذا المتصفح تشغيل WebAssembly، وهو ما يحتاجه النموذج المفتوح.',
        'no-worker': 'لا يستطيع هذا المتصفح تشغيل عمّال الويب، وهو ما يحتاجه النموذج المفتوح.',
        'no-opfs': 'لا يملك هذا المتصفح مساحة ملفات خاصة يحفظ فيها النموذج (قد تفتقر إليها النافذة الخاصة).',
      }) as Record<string, string>
    )[reason] ?? reason,
  modelFailure: (f) => {
    const mb = (n: number) => (n >= 1e6 ? `${Math.round(n / 1e6)} ميغابايت` : `${Math.max(1, Math.round(n / 1e3))} كيلوبايت`);
    const host = (h: string) => `\u2068${h}\u2069`;
    switch (f.kind) {
      case 'unreachable':
        return (
          `تعذّر الوصول إلى ${host(f.host)}: قد يكون هذا الجهاز غير متصل، أو أن ${host(f.host)} لا يسمح لهذه الصفحة بالتنزيل منه. ` +
          `تحقّق من الاتصال وحاول مرة أخرى؛ وإن تكرّر ذلك، فعلى مالك الموقع إصلاح عنوان النموذج.`
        );
      case 'cut':
        return `انقطع الاتصال بـ${host(f.host)} أثناء التنزيل (وصل ${mb(f.loaded)}). تحقّق من الاتصال، ثم اضغط «تنزيل» مرة أخرى: يتابع من حيث توقف.`;
      case 'http':
        return f.status === 404 || f.status === 410
          ? `لا يملك ${host(f.host)} هذا النموذج (أجاب بأنه غير موجود). على مالك الموقع إصلاح عنوان النموذج.`
          : f.status === 401 || f.status === 403
            ? `رفض ${host(f.host)} التنزيل (الخطأ ${f.status}). على مالك الموقع أن يجعل النموذج عامًا أو أن يستخدم عنوانًا آخر.`
            : `أجاب ${host(f.host)} بخطأ (${f.status}). حاول مرة أخرى بعد بضع دقائق.`;
      case 'no-length':
        return `لم يذكر ${host(f.host)} حجم النموذج، فلا يمكن التحقق من التنزيل ولم يُحفظ. على مالك الموقع أن يقدّم الملف مع حجمه.`;
      case 'size':
        return (
          `الملف الوارد من ${host(f.host)} ليس النموذج المتوقع (${mb(f.actual)} بدلًا من ${mb(f.expected)})، فحُذف ولم يُستخدم. على ` +
          `مالك الموقع تحديث عنوان النموذج أو حجمه المثبّت.`
        );
      case 'hash':
        return (
          `الملف الذي نُزّل لا يطابق النموذج المطلوب (بصمته مختلفة)، فحُذف ولم يُستخدم. حاول مرة أخرى؛ وإن تكرّر ذلك، فقد تغيّر ` +
          `الملف على ${host(f.host)} وعلى مالك الموقع تحديثه.`
        );
      case 'quota':
        return (
          `لا توجد مساحة على هذا الجهاز لحفظ النموذج (يلزم ${mb(f.needed)}` +
          `${f.free !== undefined ? `، والمتاح لهذا الموقع ${mb(Math.max(0, f.free))}` : ''}). ` +
          `أفرغ بعض المساحة، ثم حاول مرة أخرى.`
        );
      case 'storage':
        return `تعذّر على هذا المتصفح حفظ النموذج. قد لا تسمح النافذة الخاصة بذلك: جرّب نافذة عادية.`;
      case 'browser':
        return f.name === 'NotAllowedError'
          ? 'لم يسمح المتصفح بالتنزيل هنا: يجب أن يبدأ بنقرة، والصفحة داخل إطار تحتاج إلى إذن بالنموذج.'
          : f.name === 'NetworkError'
            ? 'تعذّر على المتصفح تنزيل نموذجه. تحقّق من الاتصال وحاول مرة أخرى.'
            : f.name === 'QuotaExceededError'
              ? 'لا توجد مساحة على هذا الجهاز لنموذج المتصفح. أفرغ بعض المساحة، ثم حاول مرة أخرى.'
              : 'تعذّر على المتصفح تنزيل نموذجه. حاول مرة أخرى لاحقًا.';
      default:
        return `تعذّر على هذا المتصفح حفظ ${f.label}. حاول مرة أخرى؛ وإن تكرّر ذلك، فجرّب متصفحًا آخر.`;
    }
  },
  ownerCanSetModel: 'يمكن لمالك الموقع إعداد مزوّد نماذج، أو نموذج مفتوح يعمل على جهاز الزائر.',
  useBuiltIn: 'استخدام هذا النموذج',
  modelInUse: 'قيد الاستخدام',
  modelService: 'خدمة نماذج',
  dismiss: 'إخفاء',
  copy: 'نسخ',
  copied: 'تم النسخ.',
  copyRaw: 'نسخ JSON الخام',
  copiedRaw: 'تم نسخ JSON الخام.',
  regenerate: 'إعادة التوليد',
  edit: 'تعديل',
  editLabel: 'عدّل رسالتك',
  saveAndSend: 'حفظ وإرسال',
  cancel: 'إلغاء',
  waiting: (server, tool, elapsed) => `بانتظار ردّ ${server} على ${tool}: ${elapsed}. زر الإيقاف ينهي الانتظار.`,
  queued: (titles) => `بانتظار التشغيل بعد العمل الحالي: ${titles}.`,
  waitingForYou: (tool) => `بانتظار أن تملأ ${tool}.`,
  today: 'اليوم',
  yesterday: 'أمس',
  previous7Days: 'الأيام السبعة الماضية',
  imported: 'مستوردة',
  interrupted: 'انقطعت هذه الإجابة قبل اكتمالها.',
  sources: 'المصادر',
  source: 'المصدر',
  newTab: '(يُفتح في علامة تبويب جديدة)',
  feedbackQuestion: 'هل كانت هذه الإجابة مفيدة؟',
  feedbackUp: 'مفيدة',
  feedbackDown: 'غير مفيدة',
  feedbackComment: 'هل تريد إضافة شيء؟ (اختياري)',
  feedbackSend: 'إرسال',
  feedbackSkip: 'تخطٍّ',
  feedbackThanks: 'شكرًا على ملاحظاتك.',
  feedbackNotSent: (reason) => `تعذّر إرسال ملاحظاتك إلى الموقع: ${reason}`,
  toolSelection: (sent, total) =>
    `أُرسلت ${sent} من ${total} أداة إلى النموذج: الأدوات المستخدمة في هذه المحادثة وأفضل ما يطابق الرسالة الأخيرة؛ ويمكن للنموذج البحث عن البقية.`,
  toolsLeftOut: (count) => `أدوات لم تُرسل في الطلب الأخير (${count})`,
  schemaTooLarge: 'مخطط المدخلات أكبر من أن يُرسل',
  shownMessage: (n, total) => `الرسالة ${n} من ${total}.`,
  paletteMore: (count) => `${count.toLocaleString('ar')} أخرى: اكتب لتضييق القائمة.`,
  addServer: 'إضافة خادم',
  serverAddress: 'عنوان الخادم',
  addServerButton: 'إضافة',
  connectingTo: (url) => `جارٍ الاتصال بـ ${url}…`,
  serverUrlEmpty: 'اكتب عنوان خادم MCP، مثل https://example.com/mcp.',
  serverUrlInvalid: (text) => `«${text}» ليس عنوان ويب. اكتب العنوان كاملًا بدءًا بـ https://.`,
  serverUrlScheme: 'لا يمكن إضافة إلا عناوين http:// و https://.',
  serverUrlCredentials: 'لا يمكن إضافة عنوان يحتوي على اسم مستخدم أو كلمة مرور.',
  serverUrlDuplicate: 'هذا الخادم موجود في القائمة بالفعل.',
  serverConnectFailed: (url, diagnosis) => `تعذّر الاتصال بـ ${url}: ${diagnosis} لم تتم إضافته.`,
  serverTimedOut: 'لم يردّ الخادم خلال 30 ثانية.',
  serverNeedsSignIn: 'يطلب الخادم تسجيل دخول لا تستطيع هذه المحادثة إجراءه لخادم مضاف.',
  serverAdded: (name) => `تمت إضافة ${name}.`,
  removeServer: (name) => `إزالة ${name}`,
  serverRemoved: (name) => `تمت إزالة ${name}.`,
  removedServers: 'خوادم أُزيلت',
  restore: 'استعادة',
  restoreServer: (url) => `استعادة ${url}`,
  serverLog: (count) => `السجل (${count})`,
  logLevel: 'العرض ابتداءً من المستوى',
  logLevelName: (level) =>
    (
      ({
        debug: 'تصحيح',
        info: 'معلومات',
        notice: 'ملاحظة',
        warning: 'تحذير',
        error: 'خطأ',
        critical: 'حرج',
        alert: 'تنبيه',
        emergency: 'طوارئ',
      }) as Record<string, string>
    )[level] ?? level,
  logLevelSent: 'يُطلب من الخادم إرسال هذا المستوى وما فوقه فقط.',
  logLevelServer: 'كما يرسلها الخادم',
  logLevelServerChoice: 'يقرّر الخادم ما يرسله؛ اختر مستوى لطلب المزيد أو الأقل.',
  logLevelNone: 'لا يرسل هذا الخادم رسائل السجل إلا بعد اختيار مستوى.',
  logLevelLocal: 'لا يتيح هذا الخادم مستويات السجل: تُصفّى القائمة هنا.',
  clearLog: 'مسح',
  clearLogOf: (name) => `مسح سجل ${name}`,
  noLog: 'لا رسائل في السجل بعد.',
  noLogAtLevel: 'لا رسائل في السجل بهذا المستوى أو أعلى.',
  serverState: (state) =>
    (
      ({
        idle: 'غير متصل',
        connecting: 'جارٍ الاتصال…',
        connected: 'متصل',
        reconnecting: 'جارٍ إعادة الاتصال…',
        'auth-required': 'يتطلب تسجيل الدخول',
        failed: 'فشل',
        closed: 'مغلق',
        degraded: 'متصل، مع قيود: ثمنها مذكور في الخوادم',
      }) as Record<string, string>
    )[state] ?? state,
  catalogSizes: (tools, prompts, resources) => `الأدوات: ${tools}، القوالب: ${prompts}، الموارد: ${resources}`,
  pageToolsHeading: 'أدوات هذه الصفحة',
  pageToolsCount: (page, tools) => `${page} · الأدوات: ${tools}`,
  pageToolsUnavailable: 'لا يوفّر هذا المتصفح WebMCP، لذا تُستخدم فقط الأدوات التي تعطيها الصفحة للمحادثة مباشرة.',
  publishedHeading: 'متاحة لوكلاء المتصفح',
  notPublished: (tool, reason) => `لم تُتح ${tool}: ${reason}`,
  agentRan: (title) => `شغّل وكيل متصفح ${title}`,
  agentAsks: (title) => `يريد وكيل متصفح تشغيل ${title}`,
  agentCallRefusedByPolicy: 'لا تسمح قواعد هذه الصفحة باستدعاء هذه الأداة.',
  agentCallRefusedClosed: 'هذه الأداة تغيّر أشياء وتحتاج إلى إذن الشخص، لكن المحادثة مغلقة، فلم يُسأل أحد ولم تعمل.',
  invalidTools: (n) =>
    plural('ar', n, {
      zero: 'كل أدوات هذا الخادم يمكن استخدامها',
      one: 'أداة واحدة من هذا الخادم لا يمكن استخدامها',
      two: 'أداتان من هذا الخادم لا يمكن استخدامهما',
      few: '# أدوات من هذا الخادم لا يمكن استخدامها',
      many: '# أداة من هذا الخادم لا يمكن استخدامها',
      other: '# أداة من هذا الخادم لا يمكن استخدامها',
    }),
  retry: 'إعادة المحاولة',
  diagnosis: diagnosisInArabic,
  serverUnavailable: 'غير متاح',
  retryServer: (name) => `إعادة الاتصال بـ ${name}`,
  signInNeeded: (name) => `يطلب ${name} تسجيل الدخول قبل أن تُستخدم أدواته.`,
  signInTo: (name) => `تسجيل الدخول إلى ${name}`,
  signOut: 'تسجيل الخروج',
  degraded: (headers, costs) => `يعمل هنا فقط دون ${headers}، لأن الخادم لا يسمح لهذه الصفحة بإرسالها. الثمن: ${costs}.`,
  noLiveNotifications: (host) =>
    `التحديثات الحية متوقفة: تُبقي هذه الصفحة أصلًا مفتوحًا من تدفقات الأحداث إلى ${host} ما تسمح به اتصالات المتصفح القليلة ` +
    `لكل مضيف، فلا يُسمع ما يعلنه هذا الخادم (أدوات أو موارد تغيّرت، رسائل السجل). أدواته ما زالت تعمل.`,
  degradedCosts: {
    'no-modern-era': 'يستخدم بروتوكول 2025-11-25 لا 2026-07-28',
    'no-version-header': 'لا يُبلَّغ الخادم بإصدار البروتوكول وقد يرفض الميزات الأحدث',
    'no-resume': 'لا يمكن استئناف تدفق أحداث منقطع، فتضيع الرسائل المرسلة أثناء الانقطاع',
    'no-param-headers': 'قد تُرفض الأدوات التي توجَّه عبر ترويسات Mcp-Param-*',
    'custom-header-dropped': 'ترويسة وضعتها هذه الصفحة لا تُرسل، فقد تُرفض الطلبات التي تحتاجها',
  },
  exportTrace: 'تصدير السجل',
  exportTraceHint:
    'يحفظ سجلًا لهذه الجلسة (الرسائل من الخوادم وإليها والأخطاء والتوقيتات، دون كلمات مرور أو مفاتيح) في ملف يمكنك إرساله إلى صاحب الموقع.',
  signOutOf: (name) => `تسجيل الخروج من ${name}`,
  noServer: 'هذه المحادثة غير متصلة بأي خادم.',
  noServerEditable: 'لا يوجد خادم بعد. أضف خادمًا أدناه.',
  emptyTitle: 'كيف يمكنني المساعدة؟',
  emptyTitleNoModel: 'شغّل الأدوات والقوالب',
  connectedTo: (servers, tools) => `متصل بـ ${servers}، وعدد الأدوات: ${tools}.`,
  joinNames: (list) => (list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join('، ')} و${list.at(-1)}`),
  noServerYet: 'لا يوجد خادم متصل بعد.',
  askAnything: 'اسأل ما تشاء؛ يستخدم النموذج هذه الأدوات حين تفيد.',
  suggestions: 'اقتراحات',
  noModelEmpty: (slash, link) => `لم يُعدّ أي نموذج. اكتب ${slash} لتشغيل أداة أو قالب بنفسك، أو ${link}.`,
  chooseModelLink: 'اختر نموذجًا',
  openModelEmpty: 'يمكن لنموذج مفتوح أن يجيبك هنا، وهو يعمل على هذا الجهاز. اطرح سؤالك: سنستأذنك قبل تنزيله.',
  serverStatus: (state) => CHAT_STRINGS_AR.serverState(state),
  serverCount: (n) =>
    plural('ar', n, { zero: 'لا خوادم', one: 'خادم واحد', two: 'خادمان', few: '# خوادم', many: '# خادمًا', other: '# خادم' }),
  chooseModel: 'اختر نموذجًا',
  model: 'النموذج',
  modelTitle: (model) => `النموذج: ${model}`,
  panels: 'اللوحات',
  closeChat: 'إغلاق المحادثة',
  yourMessage: 'رسالتك',
  answer: 'الإجابة',
  toolsAndPrompts: 'الأدوات والقوالب',
  noPaletteMatch: 'لا توجد أدوات أو قوالب مطابقة.',
  runTool: (title) => `تشغيل الأداة: ${title}`,
  usePrompt: (title) => `استخدام القالب: ${title}`,
  destructive: 'قد تغيّر هذه الأداة البيانات أو تحذفها',
  destructiveRest: (server) => ` على ${server}. تعمل فور الضغط على «تشغيل».`,
  itsServer: 'خادمها',
  run: 'تشغيل',
  insert: 'إدراج',
  pageModel: (label) => `أعدّت الصفحة نموذجًا (${label}). الإعدادات هنا تحلّ محلّه.`,
  ollamaFound: (url, models) => `عُثر على Ollama في ${url}: ${models}`,
  useOllama: (model) => `استخدام Ollama ‏(${model})`,
  provider: 'المزوّد',
  providerName: (kind) =>
    (
      ({
        openai: 'متوافق مع OpenAI',
        anthropic: 'Anthropic',
        ollama: 'Ollama (محلي)',
        browser: 'النموذج المدمج',
        'on-device': 'نموذج على الجهاز',
      }) as Record<string, string>
    )[kind] ?? kind,
  baseUrl: 'العنوان الأساسي',
  ollamaNoKey: 'يعمل Ollama على هذا الجهاز ولا يحتاج إلى مفتاح.',
  apiKey: 'مفتاح API',
  keyNote: (memoryOnly) =>
    `لا يُرسل المفتاح إلا إلى مزوّد النموذج هذا، ولا يُرسل أبدًا إلى خوادم MCP${memoryOnly ? '، ويُحفظ في الذاكرة فقط' : ''}.`,
  rememberKey: 'تذكّر المفتاح في هذا المتصفح',
  listModels: 'عرض النماذج',
  useModel: 'استخدام هذا النموذج',
  historyOff: 'حفظ المحادثات متوقف.',
  syncHeading: 'المزامنة',
  syncUpToDate: 'تمت المزامنة: محدّثة على أجهزتك.',
  syncSyncing: (waiting) => (waiting ? `جارٍ المزامنة… ${waiting} من التغييرات للإرسال.` : 'جارٍ المزامنة…'),
  syncOffline: (waiting) =>
    `غير متصل: ${waiting ? `${waiting} من التغييرات تنتظر على هذا الجهاز وستُرسل عندما يستجيب خادم المزامنة.` : 'لا شيء ينتظر الإرسال.'}`,
  syncFailed: (why) => `فشلت المزامنة. ${why}`,
  syncRetry: 'إعادة المحاولة',
  syncSignOut: 'الخروج من المزامنة',
  syncSignOutQuestion: 'إيقاف المزامنة على هذا الجهاز؟ تبقى محادثاتك على خادم المزامنة وعلى أجهزتك الأخرى.',
  syncKeepHere: 'إبقاؤها على هذا الجهاز',
  syncClearHere: 'حذفها من هذا الجهاز',
  syncOff: 'المزامنة متوقفة على هذا الجهاز.',
  syncAgain: 'المزامنة من جديد',
  syncConflict: (kept, other) => `أُعيدت تسمية «${kept}» على جهازين في وقت واحد. العنوان الآخر «${other}» محفوظ في تفاصيل المحادثة.`,
  syncError: syncErrorInArabic,
  shareConversation: 'مشاركة هذه المحادثة',
  shareMaking: 'جارٍ إنشاء رابط…',
  shareLinkLabel: 'رابط للقراءة فقط لهذه المحادثة',
  shareHint: 'يمكن لأي شخص لديه هذا الرابط قراءة هذه المحادثة وما يُضاف إليها دون تسجيل الدخول. لا يمكنه الكتابة فيها.',
  shareCopy: 'نسخ الرابط',
  shareCopied: 'تم نسخ الرابط.',
  shareStop: 'إيقاف المشاركة',
  shareStopped: 'توقفت المشاركة: لم يعد الرابط يعمل.',
  shareFailed: (why) => `تعذّرت مشاركة المحادثة. ${why}`,
  sharedBanner: 'محادثة مشتركة · للقراءة فقط',
  sharedOpening: 'جارٍ فتح المحادثة المشتركة…',
  sharedGone: 'لم يعد رابط المشاركة هذا يعمل.',
  renameConversation: (title) => `إعادة تسمية ${title}`,
  exportConversation: (title) => `تصدير ${title}`,
  deleteConversation: (title) => `حذف ${title}`,
  renameShort: 'إعادة تسمية',
  exportShort: 'تصدير',
  newShort: 'جديدة',
  importFile: 'استيراد',
  importLabel: 'استيراد محادثة',
  searchConversations: 'البحث في المحادثات',
  search: 'بحث',
  memoryOnly: 'محفوظة في الذاكرة فقط: تنتهي المحادثات بإغلاق الصفحة.',
  noConversationMatch: (q) => `لا توجد محادثة تطابق «${q}».`,
  savedConversations: 'المحادثات المحفوظة',
  newTitleFor: (title) => `عنوان جديد لـ ${title}`,
  save: 'حفظ',
  confirmDelete: (title) => `حذف «${title}»؟ لا يمكن التراجع عن ذلك.`,
  delete: 'حذف',
  noConnectedServer: 'لا يوجد خادم متصل.',
  noResources: 'لا توجد موارد.',
  preview: 'معاينة',
  attachResource: 'إرفاق',
  uriFor: (name) => `URI لـ ${name}`,
  fillTemplate: 'املأ ما بين {} ثم أرفق.',
  openChat: 'فتح المحادثة',
  closePanel: 'إغلاق اللوحة',
  resourcePreview: 'معاينة المورد',
  tryAgain: 'حاول مجددًا',
  loading: 'جارٍ التحميل…',
  thinking: 'النموذج يفكّر',
  serversSkipped: (names) => `تعذّر الاتصال بـ ${names}؛ تكون الإجابة دون أدواته.`,
  turnFailed: 'لم يُجب النموذج.',
  attachedImage: 'صورة مرفقة',
  removeAttachment: 'إزالة المرفق',
  storeError: (kind, detail) =>
    (
      ({
        pairing: 'آخر استدعاء أداة في هذه المحادثة ليست له نتيجة محفوظة، فرفض المخزن ما تلاه. ابدأ محادثة جديدة لمواصلة الحفظ.',
        'quota-exceeded':
          'امتلأت مساحة التخزين في المتصفح لهذا الموقع. احذف محادثات قديمة (لوحة المحادثات) أو أفرغ بعض المساحة، ثم حاول مجددًا.',
        'invalid-messages': `رفضها المخزن (${detail}).`,
        closed: 'أُغلق مخزن المحادثات، ربما من تبويب آخر حدّثه. أعد تحميل الصفحة لمواصلة الحفظ.',
        unavailable: 'لا يسمح هذا المتصفح بالحفظ هنا (نافذة خاصة أو تخزين معطّل)؛ تبقى المحادثة حتى مغادرة الصفحة فقط.',
        'upgrade-blocked': 'يُبقي تبويب آخر نسخة أقدم من مخزن المحادثات مفتوحة. أغلق تبويبات هذا الموقع الأخرى وأعد التحميل.',
        'not-found': 'لم تعد تلك المحادثة موجودة (ربما حُذفت في تبويب آخر).',
        'invalid-import': detail,
      }) as Record<string, string>
    )[kind] ?? `أبلغ تخزين المتصفح عن خطأ (${detail}). حاول مجددًا؛ وإن تكرر الفشل فأعد تحميل الصفحة.`,
  openFailed: (reason) => `تعذّر فتح المحادثة: ${reason}`,
  readFailed: (uri, reason) => `تعذّرت قراءة ${uri}: ${reason}`,
  clipboardFailed: 'تعذّر نسخ النص: لم يسمح المتصفح بالوصول إلى الحافظة.',
  maxRounds: (rounds) => `أُوقف النموذج بعد ${rounds} استدعاء (الحد لإجابة واحدة). أرسل رسالة ليتابع.`,
  repeatedCall: (tool, times) =>
    `استدعى النموذج ${tool} ${times} مرات متتالية بالمدخلات نفسها، فأُوقف عندها. اسأل مرة أخرى بكلمات أخرى، أو اختر نموذجًا آخر في الإعدادات.`,
  appWantsToSend: (app) => `يريد ${app} إرسال هذه الرسالة نيابةً عنك:`,
  appSend: 'أرسل',
  appDontSend: 'لا ترسل',
  appAskCount: (n, app) =>
    plural('ar', n, { two: `طلبان من ${app}`, few: `# طلبات من ${app}`, many: `# طلبًا من ${app}`, other: `# طلب من ${app}` }),
  appAllowAllFromView: 'اسمح بكل طلبات هذا العرض الآن',
  appCallTitle: (tool, app) => `${tool}، بطلب من ${app}`,
  appToolServer: (app) => `عرض ${app}`,
  appStateNotSaved: (reason) => `تعذّر حفظ ما يعرضه تطبيق مع المحادثة (${reason}): قد يبدأ من جديد بعد إعادة التحميل.`,
  appMessageNoModel: (app) => `أُضيفت رسالة ${app} إلى المحادثة. لم يُعدّ نموذج ليجيب عنها: اختر نموذجًا في الإعدادات، ثم أرسل رسالة.`,
  badNumberAttribute: (name, value, fallback) => `${name}="${value}" ليس عددًا صحيحًا أكبر من 0، لذا يُستخدم ${fallback}.`,
  promptFailed: (name, reason) => `فشل القالب ${name}: ${reason}`,
  skillLoaded: (name, server) => `المهارة ${name} من ${server} صارت في المحادثة: ترشد النموذج بدءًا من رسالتك التالية.`,
  skillFailed: (name, reason) => `تعذّر تحميل المهارة ${name}: ${reason}`,
  notSaved: (reason) => `لن تُحفظ المحادثات: ${reason}`,
  olderNotRead: (reason) => `تعذّرت قراءة الرسائل الأقدم في هذه المحادثة: ${reason}`,
  otherTabNotShown: (reason) => `تغيّرت هذه المحادثة في علامة تبويب أخرى، وتعذّر عرض رسائلها الجديدة هنا: ${reason} أعد تحميل الصفحة لتراها.`,
  messageNotSaved: (reason) => `تعذّر حفظ هذه الرسالة: ${reason}`,
  taskNotSaved: (reason) => `تعذّر حفظ مهمة استدعاء الأداة هذا (لن تجد إعادة التحميل نتيجته): ${reason}`,
  toolTitle: (tool) => `أداة: ${tool}`,
  assistantSaid: (text) => `المساعد: ${text}`,
  contextTrimmed: (count) => `لتناسب سياق النموذج، لم تُرسل ${count} من الرسائل السابقة (تبقى في المحادثة).`,
  needsApproval: (tool) => `تحتاج ${tool} إلى موافقتك.`,
  running: (tool) => `جارٍ تشغيل ${tool}.`,
  toolStatus: (tool, status) =>
    `${tool}: ${({ done: 'اكتمل', error: 'خطأ', cancelled: 'أُوقف', denied: 'رُفض' } as Record<string, string>)[status] ?? status}.`,
  fetchingResult: (tool) => `جارٍ جلب نتيجة ${tool}.`,
  willRunAfter: (tool) => `ستعمل ${tool} عند انتهاء العمل الحالي.`,
  noToolOffers: (tool) => `لا يوفّر أي خادم متصل الأداة ${tool}.`,
  listFailed: (reason) => `تعذّر عرض المحادثات المحفوظة: ${reason}`,
  renamed: (title) => `أُعيدت التسمية إلى ${title}.`,
  renameFailed: (reason) => `تعذّرت إعادة تسمية المحادثة: ${reason}`,
  deleted: (title) => `حُذفت ${title}.`,
  deleteFailed: (reason) => `تعذّر حذف المحادثة: ${reason}`,
  exportFailed: (reason) => `تعذّر تصدير المحادثة: ${reason}`,
  importFailed: (reason) => `تعذّر استيراد ذلك الملف: ${reason}`,
  askedForInput: (server, reason) => `طلب ${server} مدخلات: ${reason}`,
  askedForAnswer: (server, reason) => `طلب ${server} إجابة من النموذج: ${reason}`,
  samplingFailed: (server, reason) => `فشل طلب توليد من ${server}: ${reason}`,
  logLevelRefused: (server, level, reason) => `لم يقبل ${server} مستوى السجل «${level}» (${reason}). ما زالت رسائله تُصفّى هنا.`,
  noModelsListed: (base) => `لم يُدرج ${base} أي نموذج. اكتب معرّف النموذج بدلًا من ذلك.`,
  modelsUnreachable: (base, reason, kind) =>
    `تعذّر الوصول إلى ${base} لعرض نماذجه (${reason}). تحقّق من العنوان الأساسي${kind === 'ollama' ? ' ومن أن Ollama يعمل' : ' والمفتاح'}، ` +
    `أو اكتب معرّف النموذج.`,
  signedIn: (server) => `تم تسجيل الدخول إلى ${server}.`,
  signInFailed: (server, reason) => `لم يكتمل تسجيل الدخول إلى ${server}: ${reason}`,
  signedOut: (server) => `تم تسجيل الخروج من ${server}.`,
  signOutFailed: (server, reason) => `فشل تسجيل الخروج من ${server}: ${reason}`,
  discoveryLooking: 'جارٍ البحث عن خادم MCP الخاص بهذا الموقع…',
  discoveryFound: (how, path, source) =>
    how === 'endpoint'
      ? `تم العثور على خادم MCP الخاص بهذا الموقع في ${path}.`
      : `تم العثور على خادم MCP الخاص بهذا الموقع في ${path}، مذكورًا في ${how === 'server-card' ? 'بطاقة الخادم' : 'ملف الاكتشاف'} (${source}).`,
  discoveryNone: 'لم يُعثر على خادم MCP في هذا الموقع.',
  discoveryNoneHint: 'لا يزال بإمكانك التحدث مع النموذج، أو إضافة خادم من لوحة الخوادم.',
  discoveryTried: (list) => `تم البحث في ${list}.`,
  discoveryStopped: 'توقّف البحث عن خادم MCP الخاص بهذا الموقع قبل أن يكتمل.',
  addFromRegistry: 'إضافة من سجلّ MCP',
  registryKeyNote: (memoryOnly) =>
    `تُرسل المفاتيح التي تكتبها إلى ذلك الخادم ` +
    `فقط${memoryOnly ? '، وتُحفظ في الذاكرة فقط: بعد إعادة التحميل، أضف الخادم من جديد' : '، وتُحفظ في هذا المتصفح'}.`,
  registrySearch: {
    searchLabel: 'البحث في سجلّ MCP',
    searchPlaceholder: 'ابحث عن الخوادم بالاسم',
    searchButton: 'بحث',
    searching: 'جارٍ البحث…',
    found: (count, hidden) =>
      (count === 1 ? 'تم العثور على خادم واحد' : `تم العثور على ${count} من الخوادم`) +
      (hidden ? `؛ و${hidden} غيرها لا يمكن استخدامها من صفحة ويب (تعمل على جهاز حاسوب) ولا تُعرض` : '') +
      '.',
    noneFound: (query) => (query ? `لا يوجد خادم في السجلّ يطابق «${query}».` : 'لا يُدرج السجلّ أي خادم.'),
    overLimit: (extra, limit) => ` أرسل السجلّ ${extra.toLocaleString('ar')} أكثر من ${limit.toLocaleString('ar')} المطلوبة: لا تُعرض.`,
    moreButton: 'مزيد من النتائج',
    resultsLabel: 'الخوادم في السجلّ',
    badge: {
      probing: 'جارٍ التحقق…',
      works: 'يعمل هنا',
      'sign-in': 'يتطلب تسجيل الدخول',
      'needs-key': 'يتطلب مفتاحًا',
      blocked: 'يحجب المتصفحات: يحتاج إلى وسيط',
      unreachable: 'تعذّر الوصول إليه',
      'not-mcp': 'ليس خادم MCP',
    },
    era: (era, version) => (era === 'modern' ? `MCP ${version ?? '2026-07-28'}` : `MCP ${version ?? '2025-11-25'}`),
    checkButton: 'تحقّق مجددًا',
    addButton: 'إضافة',
    addedButton: 'أُضيف',
    added: (name) => `تمت إضافة ${name}.`,
    required: 'مطلوب',
    notOffered: (transports) => `متاح أيضًا عبر ${transports}، ولا يمكن لصفحة ويب استخدامه.`,
    deprecated: 'متقادم',
    website: 'الموقع',
    repository: 'المصدر',
    failed: (detail) => `فشل البحث: ${detail}`,
  },
};
