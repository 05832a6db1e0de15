/** Server messages of after-sales (issue 10): change, refund and void requests; merged into the catalogue in messages.ts. */
export const afterSalesMessages = {
  'afterSales.passengers.required': { en: 'Choose at least one passenger', 'zh-CN': '请至少选择一位乘客', 'zh-TW': '請至少選擇一位乘客' },
  'afterSales.passengers.invalid': { en: 'A chosen passenger is not on this booking', 'zh-CN': '所选乘客不在此订单中', 'zh-TW': '所選乘客不在此訂單中' },
  'afterSales.legs.required': { en: 'Choose at least one flight', 'zh-CN': '请至少选择一个航段', 'zh-TW': '請至少選擇一個航段' },
  'afterSales.legs.invalid': { en: 'A chosen flight is not on this booking', 'zh-CN': '所选航段不在此订单中', 'zh-TW': '所選航段不在此訂單中' },
  'afterSales.legs.flown': { en: 'The chosen flight has already departed', 'zh-CN': '所选航段已起飞', 'zh-TW': '所選航段已起飛' },
  'afterSales.couponTaken': {
    en: 'The ticket of {{name}} for this flight is already being changed, refunded or voided, or already was',
    'zh-CN': '{{name}} 该航段的客票已在改签、退票或废票处理中，或已处理',
    'zh-TW': '{{name}} 該航段的客票已在改簽、退票或廢票處理中，或已處理',
  },
  'afterSales.reason.required': { en: 'Please choose a reason', 'zh-CN': '请选择原因', 'zh-TW': '請選擇原因' },
  'afterSales.subReason.required': { en: 'Please choose the detailed reason', 'zh-CN': '请选择具体原因', 'zh-TW': '請選擇具體原因' },
  'afterSales.attachments.invalid': { en: 'Wrong file type, size or count', 'zh-CN': '文件类型、大小或数量有误', 'zh-TW': '檔案類型、大小或數量有誤' },
  'afterSales.attachments.required': {
    en: 'This reason needs a supporting document (a medical certificate, a visa refusal)',
    'zh-CN': '该原因需要上传证明材料（如医院证明、拒签证明）',
    'zh-TW': '該原因需要上傳證明材料（如醫院證明、拒簽證明）',
  },
  'afterSales.notAmendable': {
    en: 'Only issued tickets can be changed, refunded or voided',
    'zh-CN': '仅已出票的客票可以改签、退票或废票',
    'zh-TW': '僅已出票的客票可以改簽、退票或廢票',
  },
  'afterSales.refund.requested': { en: 'Refund requested; a quote follows', 'zh-CN': '退票申请已提交，稍后将给出报价', 'zh-TW': '退票申請已提交，稍後將給出報價' },
  'afterSales.void.requested': { en: 'Void requested', 'zh-CN': '废票申请已提交', 'zh-TW': '廢票申請已提交' },
  'afterSales.change.requested': { en: 'Change requested', 'zh-CN': '改签申请已提交', 'zh-TW': '改簽申請已提交' },
  'afterSales.void.notAllowed': { en: "This fare's tickets cannot be voided", 'zh-CN': '该运价的客票不可废票', 'zh-TW': '該運價的客票不可廢票' },
  'afterSales.void.deadlinePassed': {
    en: 'The void window has closed (end of the ticketing day); request a refund instead',
    'zh-CN': '已过废票时限（出票当日结束），请改为申请退票',
    'zh-TW': '已過廢票時限（出票當日結束），請改為申請退票',
  },
  'afterSales.void.partial': {
    en: 'A void takes whole tickets; some flights of this ticket are already changed or refunded',
    'zh-CN': '废票须整张客票操作，该客票部分航段已改签或退票',
    'zh-TW': '廢票須整張客票操作，該客票部分航段已改簽或退票',
  },
  'afterSales.change.notAllowed': { en: 'This fare does not allow changes', 'zh-CN': '该运价不允许改签', 'zh-TW': '該運價不允許改簽' },
  'afterSales.change.optionGone': {
    en: 'That option is no longer available; please search again',
    'zh-CN': '该选项已失效，请重新搜索',
    'zh-TW': '該選項已失效，請重新搜尋',
  },
  'afterSales.change.searchFailed': {
    en: 'The airline could not be searched for alternatives; please try again',
    'zh-CN': '暂时无法向航空公司查询可改签航班，请重试',
    'zh-TW': '暫時無法向航空公司查詢可改簽航班，請重試',
  },
  'afterSales.change.searchTimeout': {
    en: 'The airline did not answer in time; please search again',
    'zh-CN': '航空公司未及时响应，请重新搜索',
    'zh-TW': '航空公司未及時回應，請重新搜尋',
  },
  'afterSales.change.mismatch': {
    en: 'The passengers or reason differ from the search; please search again',
    'zh-CN': '乘客或原因与搜索时不一致，请重新搜索',
    'zh-TW': '乘客或原因與搜尋時不一致，請重新搜尋',
  },
  'afterSales.quote.lapsed': {
    en: 'The refund quote has lapsed; request the refund again for a new quote',
    'zh-CN': '退票报价已过期，请重新申请退票以获取新报价',
    'zh-TW': '退票報價已過期，請重新申請退票以取得新報價',
  },
  'afterSales.quote.changed': {
    en: 'The quote was updated by the service desk; please review it again',
    'zh-CN': '报价已由客服更新，请重新确认',
    'zh-TW': '報價已由客服更新，請重新確認',
  },
  'afterSales.quote.confirmed': { en: 'Refund quote confirmed', 'zh-CN': '退票报价已确认', 'zh-TW': '退票報價已確認' },
  'afterSales.desk.notForType': {
    en: 'This decision does not apply to this kind of order',
    'zh-CN': '该操作不适用于此类订单',
    'zh-TW': '該操作不適用於此類訂單',
  },
} as const;
