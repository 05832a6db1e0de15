import type { Language } from './languages.ts';

/**
 * Server messages of a group's passenger list and ticketing (issue 12); merged into the catalogue in messages.ts. The
 * column headers are messages too: the server writes the template's header in the reader's language and reads a
 * header written in any of the three.
 */
export const groupNamesMessages = {
  'group.names.column.type': { en: 'Passenger type', 'zh-CN': '旅客类型', 'zh-TW': '旅客類型' },
  'group.names.column.surname': { en: 'Surname', 'zh-CN': '姓', 'zh-TW': '姓' },
  'group.names.column.givenNames': { en: 'Given names', 'zh-CN': '名', 'zh-TW': '名' },
  'group.names.column.gender': { en: 'Gender', 'zh-CN': '性别', 'zh-TW': '性別' },
  'group.names.column.birthday': { en: 'Date of birth (YYYY-MM-DD)', 'zh-CN': '出生日期（YYYY-MM-DD）', 'zh-TW': '出生日期（YYYY-MM-DD）' },
  'group.names.column.nationality': { en: 'Nationality (ISO code, e.g. CN)', 'zh-CN': '国籍（ISO代码，如CN）', 'zh-TW': '國籍（ISO代碼，如CN）' },
  'group.names.column.documentType': { en: 'Document type', 'zh-CN': '证件类型', 'zh-TW': '證件類型' },
  'group.names.column.documentNumber': { en: 'Document number', 'zh-CN': '证件号码', 'zh-TW': '證件號碼' },
  'group.names.column.expiryDate': { en: 'Document expiry (YYYY-MM-DD)', 'zh-CN': '证件有效期（YYYY-MM-DD）', 'zh-TW': '證件有效期（YYYY-MM-DD）' },
  'group.names.column.issuingCountry': { en: 'Issuing country (ISO code)', 'zh-CN': '签发国家（ISO代码）', 'zh-TW': '簽發國家（ISO代碼）' },
  'group.names.column.frequentFlyerAirline': { en: 'Frequent flyer airline', 'zh-CN': '常旅客航空公司', 'zh-TW': '常旅客航空公司' },
  'group.names.column.frequentFlyerNumber': { en: 'Frequent flyer number', 'zh-CN': '常旅客卡号', 'zh-TW': '常旅客卡號' },
  'group.names.sheet': { en: 'Passengers', 'zh-CN': '旅客名单', 'zh-TW': '旅客名單' },
  'group.names.guideSheet': { en: 'How to fill', 'zh-CN': '填写说明', 'zh-TW': '填寫說明' },
  'group.names.guide': {
    en: 'One row per traveller of group {{bookingNumber}}: {{seats}} seated travellers (adults and children) and {{infants}} infants. Passenger type: adult, child or infant. Gender: male or female. Document type: passport, idcard, chinese-passport, eep, tphm, tptw. Dates as YYYY-MM-DD; countries as two-letter ISO codes (CN, HK, US). Names in Latin letters as on the document. Frequent flyer columns are optional.',
    'zh-CN':
      '团队{{bookingNumber}}每位旅客一行：占座旅客（成人及儿童）{{seats}}位，婴儿{{infants}}位。旅客类型：成人、儿童或婴儿（或adult、child、infant）。性别：男或女。证件类型：passport、idcard、chinese-passport、eep、tphm、tptw（或护照、身份证）。日期格式YYYY-MM-DD；国家填两位ISO代码（CN、HK、US）。姓名按证件填写拉丁字母。常旅客两列可不填。',
    'zh-TW':
      '團體{{bookingNumber}}每位旅客一行：佔座旅客（成人及兒童）{{seats}}位，嬰兒{{infants}}位。旅客類型：成人、兒童或嬰兒（或adult、child、infant）。性別：男或女。證件類型：passport、idcard、chinese-passport、eep、tphm、tptw（或護照、身份證）。日期格式YYYY-MM-DD；國家填兩位ISO代碼（CN、HK、US）。姓名按證件填寫拉丁字母。常旅客兩欄可不填。',
  },
  'group.names.notUploaded': { en: 'No passenger list uploaded yet', 'zh-CN': '尚未上传旅客名单', 'zh-TW': '尚未上傳旅客名單' },
  'group.names.uploaded': {
    en: 'Passenger list uploaded: {{count}} travellers. Check it and confirm it; until then you may upload a corrected list.',
    'zh-CN': '旅客名单已上传：共{{count}}位旅客。请核对后确认；确认前可重新上传修改后的名单。',
    'zh-TW': '旅客名單已上傳：共{{count}}位旅客。請核對後確認；確認前可重新上傳修改後的名單。',
  },
  'group.names.confirmed': {
    en: 'Passenger list confirmed. It can no longer change; the group desk issues the tickets.',
    'zh-CN': '旅客名单已确认，不可再修改；团队柜台将为旅客出票。',
    'zh-TW': '旅客名單已確認，不可再修改；團體櫃檯將為旅客開票。',
  },
  'group.names.notYet': {
    en: 'The passenger list is uploaded after the final payment',
    'zh-CN': '尾款支付后才能上传旅客名单',
    'zh-TW': '尾款支付後才能上傳旅客名單',
  },
  'group.names.locked': {
    en: 'The passenger list is confirmed and cannot be changed',
    'zh-CN': '旅客名单已确认，不能修改',
    'zh-TW': '旅客名單已確認，不能修改',
  },
  'group.names.file': {
    en: 'Wrong file type: upload the passenger list as an Excel workbook (.xlsx)',
    'zh-CN': '文件类型错误：请上传Excel工作簿（.xlsx）格式的旅客名单',
    'zh-TW': '檔案類型錯誤：請上傳Excel活頁簿（.xlsx）格式的旅客名單',
  },
  'group.names.size': {
    en: 'The file is too large (at most {{max}} MB)',
    'zh-CN': '文件过大（最大{{max}}MB）',
    'zh-TW': '檔案過大（最大{{max}}MB）',
  },
  'group.names.template': {
    en: 'This workbook is not the passenger list template: its first sheet must start with the template’s header row. Download the template and fill it in.',
    'zh-CN': '该工作簿不是旅客名单模板：第一个工作表须以模板的表头行开始。请下载模板后填写。',
    'zh-TW': '該活頁簿不是旅客名單範本：第一個工作表須以範本的表頭列開始。請下載範本後填寫。',
  },
  'group.names.empty': { en: 'The workbook lists no travellers', 'zh-CN': '工作簿中没有旅客', 'zh-TW': '活頁簿中沒有旅客' },
  'group.names.tooMany': { en: 'Too many rows (at most {{max}})', 'zh-CN': '行数过多（最多{{max}}行）', 'zh-TW': '列數過多（最多{{max}}列）' },
  'group.names.count': {
    en: 'The list must hold {{seats}} seated travellers (adults and children) and {{infants}} infants; it holds {{seated}} and {{infantsListed}}',
    'zh-CN': '名单须有占座旅客（成人及儿童）{{seats}}位、婴儿{{infants}}位；当前为{{seated}}位和{{infantsListed}}位',
    'zh-TW': '名單須有佔座旅客（成人及兒童）{{seats}}位、嬰兒{{infants}}位；目前為{{seated}}位和{{infantsListed}}位',
  },
  'group.names.invalid': {
    en: 'The passenger list has {{count}} problems; nothing was saved. Correct the rows shown and upload it again.',
    'zh-CN': '旅客名单有{{count}}处问题，未保存。请修改所示行后重新上传。',
    'zh-TW': '旅客名單有{{count}}處問題，未儲存。請修改所示列後重新上傳。',
  },
  'group.names.idcardAbroad': {
    en: 'A mainland ID card is for domestic flights only: this group flies abroad, give a passport or travel permit',
    'zh-CN': '身份证仅限国内航班使用：该团队为国际/地区航程，请填写护照或通行证',
    'zh-TW': '身分證僅限國內航班使用：該團體為國際／地區航程，請填寫護照或通行證',
  },
  'group.names.required': { en: 'Upload the passenger list before confirming it', 'zh-CN': '请先上传旅客名单再确认', 'zh-TW': '請先上傳旅客名單再確認' },
  'group.tickets.issued': {
    en: 'Tickets issued: {{count}}, one per traveller',
    'zh-CN': '已出票{{count}}张，每位旅客一张',
    'zh-TW': '已開票{{count}}張，每位旅客一張',
  },
} as const satisfies Record<string, Record<Language, string>>;
