/**
 * Server messages of airline schedule changes on the portal side (issue 10): the disruption inbox, accepting or
 * refusing a notice, and the mail to the booking's contact; merged into the catalogue in messages.ts.
 */
export const scheduleChangesMessages = {
  'scheduleChange.notFound': { en: 'This schedule change does not exist', 'zh-CN': '该航变通知不存在', 'zh-TW': '該航變通知不存在' },
  'scheduleChange.notOpen': {
    en: 'This schedule change is no longer open: it has already been answered or closed',
    'zh-CN': '该航变通知已不可处理：已答复或已关闭',
    'zh-TW': '該航變通知已不可處理：已答覆或已關閉',
  },
  'scheduleChange.deadlinePassed': {
    en: 'The answer deadline for this schedule change has passed',
    'zh-CN': '该航变通知的答复期限已过',
    'zh-TW': '該航變通知的答覆期限已過',
  },
  'scheduleChange.cannotAccept': {
    en: 'A cancellation without a protected flight cannot be accepted: refuse it, then ask for a refund or a change',
    'zh-CN': '无保护航班的取消无法接受：请拒绝后申请退票或改签',
    'zh-TW': '無保護航班的取消無法接受：請拒絕後申請退票或改簽',
  },
  'scheduleChange.accepted': {
    en: 'Schedule change accepted: the booking now shows the new flights',
    'zh-CN': '已接受航变：订单已更新为新航班',
    'zh-TW': '已接受航變：訂單已更新為新航班',
  },
  'scheduleChange.refused': {
    en: 'Schedule change refused: you may now ask for an involuntary refund or a free change',
    'zh-CN': '已拒绝航变：现在可以申请非自愿退票或免费改签',
    'zh-TW': '已拒絕航變：現在可以申請非自願退票或免費改簽',
  },
  'scheduleChange.kind.change': { en: 'Flight time changed', 'zh-CN': '航班时刻变更', 'zh-TW': '航班時刻變更' },
  'scheduleChange.kind.cancel_save': {
    en: 'Flight cancelled, passengers protected on another flight',
    'zh-CN': '航班取消，已保护至其他航班',
    'zh-TW': '航班取消，已保護至其他航班',
  },
  'scheduleChange.kind.cancel_no_save': {
    en: 'Flight cancelled, no alternative flight',
    'zh-CN': '航班取消，无保护航班',
    'zh-TW': '航班取消，無保護航班',
  },
  'scheduleChange.kind.restore': { en: 'Original flights restored', 'zh-CN': '原航班已恢复', 'zh-TW': '原航班已恢復' },
  'scheduleChange.email.subject': {
    en: 'Schedule change on booking {{booking}}: {{kind}}',
    'zh-CN': '订单 {{booking}} 航变通知：{{kind}}',
    'zh-TW': '訂單 {{booking}} 航變通知：{{kind}}',
  },
  'scheduleChange.email.body': {
    en: 'The airline has changed the schedule of booking {{booking}} (record locator {{pnr}}): {{kind}}.\n\nPrevious flights:\n{{oldFlights}}\n\nNew flights:\n{{newFlights}}\n\n{{advice}}',
    'zh-CN': '航空公司变更了订单 {{booking}}（订座记录编号 {{pnr}}）的航班：{{kind}}。\n\n原航班：\n{{oldFlights}}\n\n新航班：\n{{newFlights}}\n\n{{advice}}',
    'zh-TW': '航空公司變更了訂單 {{booking}}（訂位代號 {{pnr}}）的航班：{{kind}}。\n\n原航班：\n{{oldFlights}}\n\n新航班：\n{{newFlights}}\n\n{{advice}}',
  },
  'scheduleChange.email.noFlights': { en: 'None', 'zh-CN': '无', 'zh-TW': '無' },
  'scheduleChange.email.adviceAnswer': {
    en: 'Please accept the new flights, or refuse them and ask for a refund or a change, before {{deadline}}. Without an answer by then the new flights stand.',
    'zh-CN': '请在 {{deadline}} 前接受新航班，或拒绝并申请退票或改签。逾期未答复将视为接受新航班。',
    'zh-TW': '請在 {{deadline}} 前接受新航班，或拒絕並申請退票或改簽。逾期未答覆將視為接受新航班。',
  },
  'scheduleChange.email.adviceRefuse': {
    en: 'Please ask for a refund or a change before {{deadline}}, the departure of the cancelled flight.',
    'zh-CN': '请在被取消航班起飞时间 {{deadline}} 前申请退票或改签。',
    'zh-TW': '請在被取消航班起飛時間 {{deadline}} 前申請退票或改簽。',
  },
} as const;
