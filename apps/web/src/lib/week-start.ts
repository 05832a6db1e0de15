import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

/**
 * Spec point 9: the week starts on Sunday in every language. dayjs's zh-cn locale starts it on Monday, and antd's
 * date pickers ask dayjs for the first day of the week, so the locales are amended once, before any calendar renders.
 */
export const DAYJS_LOCALE_NAMES = ['en', 'zh-cn', 'zh-tw'] as const;

dayjs.extend(updateLocale);
for (const name of DAYJS_LOCALE_NAMES) dayjs.updateLocale(name, { weekStart: 0 });
