/**
 * Server messages of the supplier simulation page's "raise a schedule change" (platform staff make an airline change,
 * cancel or restore the flights of a ticketed booking); merged into the catalogue in messages.ts.
 */
export const scheduleSimMessages = {
  'scheduleSim.recordLocator.invalid': {
    en: 'Enter the booking\'s 6-character record locator',
    'zh-CN': '请输入6位订座记录编号',
    'zh-TW': '請輸入6位訂位代號',
  },
  'scheduleSim.kind.required': { en: 'Choose the kind of schedule change', 'zh-CN': '请选择航变类型', 'zh-TW': '請選擇航變類型' },
  'scheduleSim.unsupported': {
    en: 'Supplier {{supplier}} does not simulate schedule changes',
    'zh-CN': '供应商 {{supplier}} 不支持模拟航变',
    'zh-TW': '供應商 {{supplier}} 不支援模擬航變',
  },
  'scheduleSim.booking.notFound': {
    en: 'Supplier {{supplier}} has no booking with record locator {{recordLocator}}',
    'zh-CN': '供应商 {{supplier}} 没有订座记录编号为 {{recordLocator}} 的预订',
    'zh-TW': '供應商 {{supplier}} 沒有訂位代號為 {{recordLocator}} 的訂位',
  },
  'scheduleSim.booking.notTicketed': {
    en: 'Booking {{recordLocator}} is not ticketed: airlines send schedule changes on ticketed bookings only',
    'zh-CN': '预订 {{recordLocator}} 尚未出票：航空公司只对已出票的预订发送航变',
    'zh-TW': '訂位 {{recordLocator}} 尚未開票：航空公司只對已開票的訂位發送航變',
  },
  'scheduleSim.booking.noFutureFlight': {
    en: 'Booking {{recordLocator}} has no flight still to come that can be changed or cancelled',
    'zh-CN': '预订 {{recordLocator}} 没有可变更或取消的未起飞航班',
    'zh-TW': '訂位 {{recordLocator}} 沒有可變更或取消的未起飛航班',
  },
  'scheduleSim.restore.nothing': {
    en: 'Nothing to restore on booking {{recordLocator}}: raise a change or a cancellation first',
    'zh-CN': '预订 {{recordLocator}} 没有可恢复的航变：请先发起航班变更或取消',
    'zh-TW': '訂位 {{recordLocator}} 沒有可恢復的航變：請先發起航班變更或取消',
  },
  'scheduleSim.cancelSave.noFlight': {
    en: 'The airline has no later flight that day or the next to protect booking {{recordLocator}} on',
    'zh-CN': '航空公司当天及次日没有可为预订 {{recordLocator}} 保护的后续航班',
    'zh-TW': '航空公司當天及次日沒有可為訂位 {{recordLocator}} 保護的後續航班',
  },
} as const;
