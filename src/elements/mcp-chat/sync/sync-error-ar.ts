import type { SyncErrorDetail } from '../../../history/sync-contract.js';
import { plural } from '../../shared/plural.js';

/**
 * A sync message in Arabic (the `syncError` key of the Arabic strings table):
 * the engine's code and values. Host names and what the server said stay as
 * they are; a code this table does not know is said in English.
 */
export function syncErrorInArabic(d: SyncErrorDetail, english: string): string {
  const server = d.host ? `خادم المزامنة ${d.host}` : 'خادم المزامنة';
  const said = d.said ? ` قال: «${d.said}»` : '';
  const stays = 'تبقى محادثاتك على هذا الجهاز وتُرسل عندما يستجيب.';
  switch (d.code) {
    case 'no-token':
      return 'لم تقدّم الصفحة رمز مزامنة: سجّل الدخول للمزامنة، ثم أعد المحاولة.';
    case 'unreachable':
      return `تعذّر الوصول إلى ${server} (هذا الجهاز غير متصل، أو الخادم متوقف). ${stays}`;
    case 'timeout':
      return `لم يستجب ${server} خلال ${d.seconds ?? '?'} ث. ${stays}`;
    case 'cut':
      return `انقطع الاتصال بـ${server} قبل وصول ردّه. تبقى محادثاتك على هذا الجهاز وتُرسل مرة أخرى.`;
    case 'signed-out':
      return `لم يقبل خادم المزامنة تسجيل دخولك.${said} سجّل الدخول مجددًا، ثم أعد المحاولة.`;
    case 'share-gone':
      return `لم يعد رابط المشاركة هذا يعمل.${said}`;
    case 'too-large':
      return `رفض خادم المزامنة تغييرًا لأنه كبير جدًا.${said}`;
    case 'server-error':
      return `ردّ ${server} بخطأ (HTTP ${d.status ?? '?'}).${said} تبقى محادثاتك على هذا الجهاز؛ أعد المحاولة لاحقًا.`;
    case 'not-json':
      return `أرسل ${server} ردًّا ليس JSON؛ لم يُستخدم منه شيء.`;
    case 'bad-pull':
      return `ردّ ${server} على طلب التغييرات بلا صفوف ولا نقطة متابعة؛ لم يُستخدم منه شيء.`;
    case 'bad-push':
      return `ردّ ${server} على الإرسال بما لا يُقرأ.`;
    case 'bad-share':
      return `ردّ ${server} على المشاركة بلا رابط صالح.`;
    case 'local-store':
      return `تعذّرت قراءة محادثات هذا الجهاز أو كتابتها (${d.said ?? ''}).`;
    case 'refused-change':
      return `رفض خادم المزامنة تغييرًا (${d.reason ?? ''})؛ يبقى على هذا الجهاز فقط.`;
    case 'bad-rows':
      return plural('ar', d.count ?? 0, {
        one: 'أرسل خادم المزامنة صفًّا لا يمكن استخدامه؛ تُرك جانبًا.',
        two: 'أرسل خادم المزامنة صفّين لا يمكن استخدامهما؛ تُركا جانبًا.',
        few: 'أرسل خادم المزامنة # صفوف لا يمكن استخدامها؛ تُركت جانبًا.',
        other: 'أرسل خادم المزامنة # صفًّا لا يمكن استخدامها؛ تُركت جانبًا.',
      });
    case 'other':
      return d.said ?? english;
    default:
      return english;
  }
}
