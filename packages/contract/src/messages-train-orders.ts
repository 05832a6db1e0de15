import type { Language } from './languages.ts';

/** Server messages of train orders (issue 13); merged into the catalogue in messages.ts. */
export const trainOrdersMessages = {
  'train.order.passengers.count': { en: 'Book 1 to 5 passengers', 'zh-CN': '每单可预订 1 至 5 名乘客', 'zh-TW': '每單可預訂 1 至 5 名乘客' },
  'train.order.noOrders': { en: 'No train bookings found', 'zh-CN': '暂无火车票订单', 'zh-TW': '暫無火車票訂單' },
  'train.order.booked': { en: 'Seats held: please pay before the deadline', 'zh-CN': '已占座，请在支付时限前付款', 'zh-TW': '已佔座，請在支付時限前付款' },
  'train.order.ticketing': { en: 'Paid: the tickets are being issued', 'zh-CN': '已支付，正在出票', 'zh-TW': '已支付，正在出票' },
  'train.order.manualTicketing': { en: 'Paid: the operations desk issues the tickets', 'zh-CN': '已支付，由运营人员出票', 'zh-TW': '已支付，由營運人員出票' },
  'train.order.issued': { en: 'Tickets issued', 'zh-CN': '出票成功', 'zh-TW': '出票成功' },
  'train.order.ticketingFailed': {
    en: 'The railway did not issue the tickets; the payment was released',
    'zh-CN': '铁路未能出票，已释放支付款项',
    'zh-TW': '鐵路未能出票，已釋放支付款項',
  },
  'train.order.canceled': { en: 'Booking canceled; the seats were released', 'zh-CN': '订单已取消，座位已释放', 'zh-TW': '訂單已取消，座位已釋放' },
  'train.order.serviceInvalid': { en: 'This train is no longer sold: please search again', 'zh-CN': '该车次已停售，请重新查询', 'zh-TW': '該車次已停售，請重新查詢' },
  'train.order.soldOut': { en: 'No seats left in this class', 'zh-CN': '该席别已无余票', 'zh-TW': '該席別已無餘票' },
  'train.order.departed': { en: 'This train has already left', 'zh-CN': '该车次已发车', 'zh-TW': '該車次已發車' },
  'train.order.tooManyPassengers': { en: 'The railway does not sell this many tickets at once', 'zh-CN': '超出单次购票人数上限', 'zh-TW': '超出單次購票人數上限' },
  'train.order.supplierFailed': { en: 'The railway did not answer: please try again', 'zh-CN': '铁路系统暂无响应，请稍后重试', 'zh-TW': '鐵路系統暫無回應，請稍後重試' },
  'train.order.seatPreference.notEmu': {
    en: 'Seat letters can be chosen on high-speed and EMU seats only',
    'zh-CN': '仅高铁动车的座席可选座',
    'zh-TW': '僅高鐵動車的座席可選座',
  },
  'train.order.berth.notSleeper': { en: 'A berth can be chosen on sleepers only', 'zh-CN': '仅卧铺可选铺位', 'zh-TW': '僅臥鋪可選鋪位' },
  'train.order.passenger.name.format': {
    en: 'Enter the name as on the document: Chinese characters, or Latin letters',
    'zh-CN': '请按证件填写姓名：汉字或拉丁字母',
    'zh-TW': '請按證件填寫姓名：漢字或拉丁字母',
  },
  'train.order.passenger.document.residentId': {
    en: 'Chinese citizens travel with their resident ID card',
    'zh-CN': '中国公民请使用居民身份证购票',
    'zh-TW': '中國公民請使用居民身分證購票',
  },
  'train.order.passenger.document.notForTrain': {
    en: 'This document cannot be used for a train ticket: use a passport or a travel or residence permit',
    'zh-CN': '该证件不能用于购买火车票，请使用护照或通行证、居住证',
    'zh-TW': '該證件不能用於購買火車票，請使用護照或通行證、居住證',
  },
  'train.order.passenger.ticketType.adult': {
    en: 'Aged 14 or over on {{date}}: an adult ticket is needed',
    'zh-CN': '乘车日（{{date}}）已满 14 周岁，须购买成人票',
    'zh-TW': '乘車日（{{date}}）已滿 14 週歲，須購買成人票',
  },
  'train.order.passenger.ticketType.child': {
    en: 'Aged 6 to 13 on {{date}}: a child ticket is needed',
    'zh-CN': '乘车日（{{date}}）年满 6 周岁未满 14 周岁，须购买儿童票',
    'zh-TW': '乘車日（{{date}}）年滿 6 週歲未滿 14 週歲，須購買兒童票',
  },
  'train.order.passenger.under6': {
    en: "Under 6 on {{date}}: travels free on an adult's seat without a ticket; book a child ticket only for a seat of their own",
    'zh-CN': '乘车日（{{date}}）未满 6 周岁，可由成人免费携带（不占座）；如需单独占座请购买儿童票',
    'zh-TW': '乘車日（{{date}}）未滿 6 週歲，可由成人免費攜帶（不佔座）；如需單獨佔座請購買兒童票',
  },
  'train.order.passenger.childAlone': {
    en: 'Child tickets are booked together with an adult ticket',
    'zh-CN': '儿童票须与成人票同时购买',
    'zh-TW': '兒童票須與成人票同時購買',
  },
  'train.order.passengerUnknown': { en: 'No such passenger on this order', 'zh-CN': '订单中无此乘客', 'zh-TW': '訂單中無此乘客' },
  'train.order.refund.departed': {
    en: 'The train has left: its tickets can no longer be refunded',
    'zh-CN': '列车已开车，车票不能退',
    'zh-TW': '列車已開車，車票不能退',
  },
  'train.order.refund.notRefundable': {
    en: "Passenger {{n}}'s ticket cannot be refunded in its state",
    'zh-CN': '第 {{n}} 位乘客的车票当前不可退',
    'zh-TW': '第 {{n}} 位乘客的車票當前不可退',
  },
  'train.order.refund.done': { en: 'Refunded: {{amount}} back to the wallet', 'zh-CN': '退票成功，{{amount}} 已退回钱包', 'zh-TW': '退票成功，{{amount}} 已退回錢包' },
  'train.order.change.notAllowed': {
    en: "Passenger {{n}}'s ticket cannot be changed: one change per ticket, until 30 minutes before departure",
    'zh-CN': '第 {{n}} 位乘客的车票不可改签：每张车票限改签一次，开车前 30 分钟截止',
    'zh-TW': '第 {{n}} 位乘客的車票不可改簽：每張車票限改簽一次，開車前 30 分鐘截止',
  },
  'train.order.change.earlierDay': {
    en: 'A ticket can be changed to a train on the same day or a later day only',
    'zh-CN': '只能改签至当日或以后日期的列车',
    'zh-TW': '只能改簽至當日或以後日期的列車',
  },
  'train.order.change.done': { en: 'Tickets changed', 'zh-CN': '改签成功', 'zh-TW': '改簽成功' },
  'train.order.change.berthRequired': {
    en: 'Choose the berth for a change to a sleeper: upper, middle and lower berths cost differently',
    'zh-CN': '改签卧铺须选择铺位：上、中、下铺票价不同',
    'zh-TW': '改簽臥鋪須選擇鋪位：上、中、下鋪票價不同',
  },
  'train.order.refund.oneBooking': {
    en: 'Refund the original tickets and the tickets of each change separately: they are different railway tickets',
    'zh-CN': '原车票与各次改签后的车票须分别退票',
    'zh-TW': '原車票與各次改簽後的車票須分別退票',
  },
  'train.order.email.issued.subject': {
    en: 'Your train e-tickets {{order}} are issued',
    'zh-CN': '您的火车电子客票 {{order}} 已出票',
    'zh-TW': '您的火車電子客票 {{order}} 已出票',
  },
  'train.order.email.issued.body': {
    en: 'The tickets of train booking {{order}} (12306 order {{railwayOrder}}) are issued.\n\nTrain {{train}}: {{from}} {{departure}} to {{to}} {{arrival}}, {{seatClass}}\n\nTickets:\n{{tickets}}\n\nBoard with the document used for booking: the e-ticket is held on it. Have a good trip.',
    'zh-CN': '火车票订单 {{order}}（12306 订单号 {{railwayOrder}}）已出票。\n\n车次 {{train}}：{{from}} {{departure}} 开，{{to}} {{arrival}} 到，{{seatClass}}\n\n车票：\n{{tickets}}\n\n请持购票时所使用的有效身份证件进站乘车。祝您旅途愉快。',
    'zh-TW': '火車票訂單 {{order}}（12306 訂單號 {{railwayOrder}}）已出票。\n\n車次 {{train}}：{{from}} {{departure}} 開，{{to}} {{arrival}} 到，{{seatClass}}\n\n車票：\n{{tickets}}\n\n請持購票時所使用的有效身分證件進站乘車。祝您旅途愉快。',
  },
  'train.order.email.ticketLine': {
    en: '{{name}}  ticket {{ticket}}  car {{car}} seat {{seat}}',
    'zh-CN': '{{name}}  票号 {{ticket}}  {{car}} 车 {{seat}} 号',
    'zh-TW': '{{name}}  票號 {{ticket}}  {{car}} 車 {{seat}} 號',
  },
  'train.order.email.standingLine': {
    en: '{{name}}  ticket {{ticket}}  car {{car}} no seat',
    'zh-CN': '{{name}}  票号 {{ticket}}  {{car}} 车 无座',
    'zh-TW': '{{name}}  票號 {{ticket}}  {{car}} 車 無座',
  },
} as const satisfies Record<string, Record<Language, string>>;
