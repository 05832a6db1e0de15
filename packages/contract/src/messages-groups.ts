import type { Language } from './languages.ts';

/** Server messages of group flights (issue 12); merged into the catalogue in messages.ts. */
export const groupsMessages = {
  'group.passengers.min': {
    en: 'A group needs at least 10 travellers (adults and children)',
    'zh-CN': '团队至少需要10位旅客（成人及儿童）',
    'zh-TW': '團體至少需要10位旅客（成人及兒童）',
  },
  'group.passengers.max': { en: 'At most 99 travellers in one group', 'zh-CN': '每个团队最多99位旅客', 'zh-TW': '每個團體最多99位旅客' },
  'group.journeys.return': { en: 'A return group has exactly two journeys', 'zh-CN': '往返团队须有且仅有两个航程', 'zh-TW': '來回團體須有且僅有兩個航程' },
  'group.journeys.oneway': { en: 'A one-way group has exactly one journey', 'zh-CN': '单程团队只能有一个航程', 'zh-TW': '單程團體只能有一個航程' },
  'group.date.tooFar': {
    en: 'The date must be within {{days}} days from today',
    'zh-CN': '日期须在今天起{{days}}天之内',
    'zh-TW': '日期須在今天起{{days}}天之內',
  },
  'group.requested': {
    en: 'Group request submitted. The group desk answers with a quote within 1-2 business days.',
    'zh-CN': '团队申请已提交，团队柜台将在1-2个工作日内报价。',
    'zh-TW': '團體申請已提交，團體櫃檯將在1-2個工作日內報價。',
  },
  'group.confirmed': {
    en: 'Quote confirmed. The group desk now applies for the seats.',
    'zh-CN': '报价已确认，团队柜台正在申请座位。',
    'zh-TW': '報價已確認，團體櫃檯正在申請座位。',
  },
  'group.canceled': { en: 'Group request canceled', 'zh-CN': '团队申请已取消', 'zh-TW': '團體申請已取消' },
  'group.quote.lapsed': {
    en: 'The quote lapsed: it was not confirmed before {{confirmBy}}. The group is closed; submit a new request.',
    'zh-CN': '报价已失效：未在{{confirmBy}}前确认，团队已关闭，请重新提交申请。',
    'zh-TW': '報價已失效：未在{{confirmBy}}前確認，團體已關閉，請重新提交申請。',
  },
  'group.quote.versionChanged': {
    en: 'The quote changed (now version {{version}}). Review the new quote before confirming.',
    'zh-CN': '报价已更新（当前为第{{version}}版），请查看新报价后再确认。',
    'zh-TW': '報價已更新（目前為第{{version}}版），請查看新報價後再確認。',
  },
  'group.quote.journeys': {
    en: 'Quote every journey of the request exactly once, flights from its origin to its destination',
    'zh-CN': '须为申请中的每个航程各报价一次，航班须从其出发地到目的地',
    'zh-TW': '須為申請中的每個航程各報價一次，航班須從其出發地到目的地',
  },
  'group.quote.prices': {
    en: 'Give one price line for each passenger type travelling, all in the quote currency',
    'zh-CN': '须为每种出行的旅客类型提供一条价格，且币种与报价币种一致',
    'zh-TW': '須為每種出行的旅客類型提供一條價格，且幣種與報價幣種一致',
  },
  'group.quote.seats': {
    en: 'The quote must hold a seat for every adult and child ({{seats}})',
    'zh-CN': '报价须为每位成人及儿童保留座位（{{seats}}个）',
    'zh-TW': '報價須為每位成人及兒童保留座位（{{seats}}個）',
  },
  'group.quote.planOrder': {
    en: 'The payment plan is up to three deposits in order then the final payment, each deadline later than the one before',
    'zh-CN': '付款计划须为最多三期订金（按顺序）加尾款，每期截止时间须晚于上一期',
    'zh-TW': '付款計畫須為最多三期訂金（依序）加尾款，每期截止時間須晚於上一期',
  },
  'group.quote.planTotal': {
    en: 'The instalments must add up to the total ({{total}} {{currency}})',
    'zh-CN': '各期金额之和须等于总价（{{total}} {{currency}}）',
    'zh-TW': '各期金額之和須等於總價（{{total}} {{currency}}）',
  },
  'group.quote.confirmBy': {
    en: 'The confirmation deadline must be in the future and not after the first payment deadline',
    'zh-CN': '确认截止时间须晚于当前时间，且不晚于第一期付款截止时间',
    'zh-TW': '確認截止時間須晚於目前時間，且不晚於第一期付款截止時間',
  },
  'group.desk.noFlights': {
    en: 'No suitable flight found for journey {{n}} ({{route}} on {{date}}). The group is closed.',
    'zh-CN': '第{{n}}个航程（{{route}}，{{date}}）没有合适的航班，团队已关闭。',
    'zh-TW': '第{{n}}個航程（{{route}}，{{date}}）沒有合適的航班，團體已關閉。',
  },
  'group.transition.refused': {
    en: 'This group is {{status}}: it cannot be {{event}} now',
    'zh-CN': '团队当前状态为{{status}}，无法执行“{{event}}”',
    'zh-TW': '團體目前狀態為{{status}}，無法執行「{{event}}」',
  },
  'group.seats.secured': {
    en: 'Seats secured. The first instalment is now due.',
    'zh-CN': '座位已确认，请支付第一期款项。',
    'zh-TW': '座位已確認，請支付第一期款項。',
  },
  'group.seats.changed': {
    en: 'The airline changed the offer (fewer seats or other flights): a new quote awaits the agency’s confirmation.',
    'zh-CN': '航空公司调整了方案（座位减少或更换航班），新报价等待代理确认。',
    'zh-TW': '航空公司調整了方案（座位減少或更換航班），新報價等待代理確認。',
  },
  'group.quote.fewerSeats': {
    en: 'A changed quote holds at most the seats asked for ({{seats}})',
    'zh-CN': '调整后的报价座位数不能多于申请数（{{seats}}个）',
    'zh-TW': '調整後的報價座位數不能多於申請數（{{seats}}個）',
  },
  'group.paid': { en: 'Payment received', 'zh-CN': '付款成功', 'zh-TW': '付款成功' },
  'group.payment.acknowledge': {
    en: 'Confirm that you understand deposits are not refunded on cancellation or a missed deadline',
    'zh-CN': '请确认您已知悉：取消或逾期时订金不予退还',
    'zh-TW': '請確認您已知悉：取消或逾期時訂金不予退還',
  },
  'group.payment.notNext': {
    en: 'The instalment due now is {{instalment}}',
    'zh-CN': '当前应付的是{{instalment}}',
    'zh-TW': '目前應付的是{{instalment}}',
  },
  'group.payment.amountChanged': {
    en: 'The amount due is now {{amount}} {{currency}}. Review it before paying.',
    'zh-CN': '应付金额已变为{{amount}} {{currency}}，请核对后再付款。',
    'zh-TW': '應付金額已變為{{amount}} {{currency}}，請核對後再付款。',
  },
  'group.payment.currency': {
    en: 'The quote is in {{currency}} but your wallet settles in {{settlement}}: contact the group desk',
    'zh-CN': '报价币种为{{currency}}，而您的结算币种为{{settlement}}，请联系团队柜台',
    'zh-TW': '報價幣種為{{currency}}，而您的結算幣種為{{settlement}}，請聯絡團體櫃檯',
  },
  'group.payment.expired': {
    en: 'Group payment time expired, contact the administrator',
    'zh-CN': '团队付款时间已过，请联系管理员',
    'zh-TW': '團體付款時間已過，請聯絡管理員',
  },
  'group.payment.redirect': {
    en: 'Continue on the payment page. The instalment is paid once the channel confirms the payment.',
    'zh-CN': '请在支付页面完成付款，支付渠道确认后该期款项即告支付。',
    'zh-TW': '請在支付頁面完成付款，支付管道確認後該期款項即告支付。',
  },
  'group.payment.subject.deposit': {
    en: 'Group booking {{booking}}, deposit {{n}}',
    'zh-CN': '团队订单 {{booking}} 第{{n}}期订金',
    'zh-TW': '團體訂單 {{booking}} 第{{n}}期訂金',
  },
  'group.payment.subject.final': {
    en: 'Group booking {{booking}}, final payment',
    'zh-CN': '团队订单 {{booking}} 尾款',
    'zh-TW': '團體訂單 {{booking}} 尾款',
  },
  'group.cancel.acknowledge': {
    en: 'Confirm that you understand the deposits paid ({{currency}} {{amount}}) are not refunded',
    'zh-CN': '请确认您已知悉：已付订金（{{currency}} {{amount}}）不予退还',
    'zh-TW': '請確認您已知悉：已付訂金（{{currency}} {{amount}}）不予退還',
  },
  'group.cancel.forfeitChanged': {
    en: 'The deposits paid are now {{currency}} {{amount}}. Review them before cancelling.',
    'zh-CN': '已付订金现为{{currency}} {{amount}}，请核对后再取消。',
    'zh-TW': '已付訂金現為{{currency}} {{amount}}，請核對後再取消。',
  },
  'group.cancel.forfeited': {
    en: 'Group canceled. The deposits paid ({{currency}} {{amount}}) are not refunded.',
    'zh-CN': '团队已取消，已付订金（{{currency}} {{amount}}）不予退还。',
    'zh-TW': '團體已取消，已付訂金（{{currency}} {{amount}}）不予退還。',
  },
} as const satisfies Record<string, Record<Language, string>>;
