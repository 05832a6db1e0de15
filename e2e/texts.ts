import { translate, isMessageKey } from '@portal/contract/messages';
import type { Lang } from './browser.ts';
import en_agency from '../apps/web/src/locales/en/agency.json';
import en_auth from '../apps/web/src/locales/en/auth.json';
import en_bills from '../apps/web/src/locales/en/bills.json';
import en_common from '../apps/web/src/locales/en/common.json';
import en_flight from '../apps/web/src/locales/en/flight.json';
import en_landing from '../apps/web/src/locales/en/landing.json';
import en_layout from '../apps/web/src/locales/en/layout.json';
import en_legal from '../apps/web/src/locales/en/legal.json';
import en_orders from '../apps/web/src/locales/en/orders.json';
import en_profile from '../apps/web/src/locales/en/profile.json';
import en_userLog from '../apps/web/src/locales/en/userLog.json';
import en_users from '../apps/web/src/locales/en/users.json';
import en_travellers from '../apps/web/src/locales/en/travellers.json';
import en_groups from '../apps/web/src/locales/en/groups.json';
import en_trains from '../apps/web/src/locales/en/trains.json';
import en_trainPay from '../apps/web/src/locales/en/trainPay.json';
import en_trainDesk from '../apps/web/src/locales/en/trainDesk.json';
import zhCN_agency from '../apps/web/src/locales/zh-CN/agency.json';
import zhCN_auth from '../apps/web/src/locales/zh-CN/auth.json';
import zhCN_bills from '../apps/web/src/locales/zh-CN/bills.json';
import zhCN_common from '../apps/web/src/locales/zh-CN/common.json';
import zhCN_flight from '../apps/web/src/locales/zh-CN/flight.json';
import zhCN_landing from '../apps/web/src/locales/zh-CN/landing.json';
import zhCN_layout from '../apps/web/src/locales/zh-CN/layout.json';
import zhCN_legal from '../apps/web/src/locales/zh-CN/legal.json';
import zhCN_orders from '../apps/web/src/locales/zh-CN/orders.json';
import zhCN_profile from '../apps/web/src/locales/zh-CN/profile.json';
import zhCN_userLog from '../apps/web/src/locales/zh-CN/userLog.json';
import zhCN_users from '../apps/web/src/locales/zh-CN/users.json';
import zhCN_travellers from '../apps/web/src/locales/zh-CN/travellers.json';
import zhCN_groups from '../apps/web/src/locales/zh-CN/groups.json';
import zhCN_trains from '../apps/web/src/locales/zh-CN/trains.json';
import zhCN_trainPay from '../apps/web/src/locales/zh-CN/trainPay.json';
import zhCN_trainDesk from '../apps/web/src/locales/zh-CN/trainDesk.json';
import zhTW_agency from '../apps/web/src/locales/zh-TW/agency.json';
import zhTW_auth from '../apps/web/src/locales/zh-TW/auth.json';
import zhTW_bills from '../apps/web/src/locales/zh-TW/bills.json';
import zhTW_common from '../apps/web/src/locales/zh-TW/common.json';
import zhTW_flight from '../apps/web/src/locales/zh-TW/flight.json';
import zhTW_landing from '../apps/web/src/locales/zh-TW/landing.json';
import zhTW_layout from '../apps/web/src/locales/zh-TW/layout.json';
import zhTW_legal from '../apps/web/src/locales/zh-TW/legal.json';
import zhTW_orders from '../apps/web/src/locales/zh-TW/orders.json';
import zhTW_profile from '../apps/web/src/locales/zh-TW/profile.json';
import zhTW_userLog from '../apps/web/src/locales/zh-TW/userLog.json';
import zhTW_users from '../apps/web/src/locales/zh-TW/users.json';
import zhTW_travellers from '../apps/web/src/locales/zh-TW/travellers.json';
import zhTW_groups from '../apps/web/src/locales/zh-TW/groups.json';
import zhTW_trains from '../apps/web/src/locales/zh-TW/trains.json';
import zhTW_trainPay from '../apps/web/src/locales/zh-TW/trainPay.json';
import zhTW_trainDesk from '../apps/web/src/locales/zh-TW/trainDesk.json';

/**
 * The texts the web app shows, read from its own locale files (and the contract's message catalogue), so the
 * browser tests assert exactly what a user of that language sees and copy edits do not break them.
 */
type Tree = { [key: string]: unknown };

function merge(files: Tree[]): Tree {
  return Object.assign({}, ...files) as Tree;
}

const TREES: Record<Lang, Tree> = {
  'en': merge([en_agency, en_auth, en_bills, en_common, en_flight, en_landing, en_layout, en_legal, en_orders, en_profile, en_userLog, en_users, en_travellers, en_groups, en_trains, en_trainPay, en_trainDesk]),
  'zh-CN': merge([zhCN_agency, zhCN_auth, zhCN_bills, zhCN_common, zhCN_flight, zhCN_landing, zhCN_layout, zhCN_legal, zhCN_orders, zhCN_profile, zhCN_userLog, zhCN_users, zhCN_travellers, zhCN_groups, zhCN_trains, zhCN_trainPay, zhCN_trainDesk]),
  'zh-TW': merge([zhTW_agency, zhTW_auth, zhTW_bills, zhTW_common, zhTW_flight, zhTW_landing, zhTW_layout, zhTW_legal, zhTW_orders, zhTW_profile, zhTW_userLog, zhTW_users, zhTW_travellers, zhTW_groups, zhTW_trains, zhTW_trainPay, zhTW_trainDesk]),
};

/** The text of `key` in `lang` with `{{name}}` placeholders filled; throws on a missing key so a typo cannot pass. */
export function tx(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = TREES[lang];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Tree)[part] : undefined;
  let text: string;
  if (typeof node === 'string') text = node;
  else if (isMessageKey(key)) text = translate(key, lang);
  else throw new Error(`no text for ${key} in ${lang}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`missing parameter ${name} for ${key}`);
    return String(params[name]);
  });
}

/** English shorthand. */
export const en = (key: string, params?: Record<string, string | number>) => tx('en', key, params);
