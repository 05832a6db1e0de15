/**
 * The simulated railway's network: real lines with their real stations (12306 telegraph codes) in line order, and the
 * line kilometre of each from the line's first station. Kilometres are public figures rounded to the kilometre
 * (end-to-end lengths are the published ones; intermediate ones within a few kilometres, see
 * docs/decisions/0017-rail-supplier.md, "Sources"). Tier: 1 a hub every train stops at, 2 a city most stopping trains
 * serve, 3 a small station only the slow ones serve. Names and city keys follow the 12306 station list and the
 * platform's station reference (city key: IATA city code where the city has one, else its pinyin key).
 */

export interface StationInfo {
  zh: string;
  tw: string;
  en: string;
  city: string;
}

/** hsr: high-speed or upgraded lines for G, D and C trains; conventional: Z, T and K trains with sleepers. */
export type LineKind = 'hsr' | 'conventional';

export interface Corridor {
  id: string;
  name: { zh: string; en: string };
  /** Design speed, km/h: caps every train's cruising speed on the line. */
  lineSpeed: number;
  kind: LineKind;
  stations: readonly (readonly [code: string, km: number, tier: 1 | 2 | 3])[];
}

/** Every station the simulated railway serves: telegraph code, names (Simplified, Traditional, English) and city key. */
export const STATIONS: Readonly<Record<string, StationInfo>> = {
  ADF: { zh: '安阳东', tw: '安陽東', en: "Anyang East", city: 'AYN' },
  AOH: { zh: '上海虹桥', tw: '上海虹橋', en: "Shanghai Hongqiao", city: 'SHA' },
  ASE: { zh: '安顺西', tw: '安順西', en: "Anshun West", city: 'AVA' },
  AXT: { zh: '鞍山西', tw: '鞍山西', en: "Anshan West", city: 'AOG' },
  BBH: { zh: '蚌埠', tw: '蚌埠', en: "Bengbu", city: 'BFY' },
  BBY: { zh: '宝鸡南', tw: '寶雞南', en: "Baoji South", city: 'baoji' },
  BDP: { zh: '保定', tw: '保定', en: "Baoding", city: 'baoding' },
  BJP: { zh: '北京', tw: '北京', en: "Beijing", city: 'BJS' },
  BMH: { zh: '蚌埠南', tw: '蚌埠南', en: "Bengbu South", city: 'BFY' },
  BMP: { zh: '保定东', tw: '保定東', en: "Baoding East", city: 'baoding' },
  BXP: { zh: '北京西', tw: '北京西', en: "Beijing West", city: 'BJS' },
  BYT: { zh: '鲅鱼圈', tw: '鮁魚圈', en: "Bayuquan", city: 'YKH' },
  CBP: { zh: '沧州西', tw: '滄州西', en: "Cangzhou West", city: 'cangzhou' },
  CIN: { zh: '赤壁北', tw: '赤壁北', en: "Chibi North", city: 'xianning' },
  COP: { zh: '沧州', tw: '滄州', en: "Cangzhou", city: 'cangzhou' },
  COW: { zh: '长寿北', tw: '長壽北', en: "Changshou North", city: 'changshou' },
  CPT: { zh: '昌图西', tw: '昌圖西', en: "Changtu West", city: 'tieling' },
  CRT: { zh: '长春西', tw: '長春西', en: "Changchun West", city: 'CGQ' },
  CSQ: { zh: '长沙', tw: '長沙', en: "Changsha", city: 'CSX' },
  CUW: { zh: '重庆北', tw: '重慶北', en: "Chongqing North", city: 'CKG' },
  CWQ: { zh: '长沙南', tw: '長沙南', en: "Changsha South", city: 'CSX' },
  CXH: { zh: '滁州', tw: '滁州', en: "Chuzhou", city: 'chuzhou' },
  CYW: { zh: '沙坪坝', tw: '沙坪壩', en: "Shapingba", city: 'CKG' },
  CZH: { zh: '常州', tw: '常州', en: "Changzhou", city: 'CZX' },
  CZQ: { zh: '郴州', tw: '郴州', en: "Chenzhou", city: 'HCZ' },
  DAQ: { zh: '常平', tw: '常平', en: "Changping", city: 'dongguan' },
  DFT: { zh: '大连北', tw: '大連北', en: "Dalian North", city: 'DLC' },
  DIP: { zh: '德州东', tw: '德州東', en: "Dezhou East", city: 'dezhou' },
  DJE: { zh: '垫江', tw: '墊江', en: "Dianjiang", city: 'dianjiang' },
  DNJ: { zh: '定西北', tw: '定西北', en: "Dingxi North", city: 'dingxi' },
  DOP: { zh: '定州东', tw: '定州東', en: "Dingzhou East", city: 'baoding' },
  DXT: { zh: '德惠西', tw: '德惠西', en: "Dehui West", city: 'CGQ' },
  DZP: { zh: '德州', tw: '德州', en: "Dezhou", city: 'dezhou' },
  EAH: { zh: '嘉善南', tw: '嘉善南', en: "Jiashan South", city: 'JNH' },
  EAY: { zh: '西安北', tw: '西安北', en: "Xi'an North", city: 'XIY' },
  EDP: { zh: '邢台东', tw: '邢臺東', en: "Xingtai East", city: 'XNT' },
  EDQ: { zh: '湘潭北', tw: '湘潭北', en: "Xiangtan North", city: 'xiangtan' },
  EGF: { zh: '新乡东', tw: '新鄉東', en: "Xinxiang East", city: 'xinxiang' },
  EJQ: { zh: '新化南', tw: '新化南', en: "Xinhua South", city: 'loudi' },
  EMQ: { zh: '溆浦南', tw: '漵浦南', en: "Xupu South", city: 'HJJ' },
  ENH: { zh: '合肥南', tw: '合肥南', en: "Hefei South", city: 'HFE' },
  EPH: { zh: '嘉兴南', tw: '嘉興南', en: "Jiaxing South", city: 'JNH' },
  ESH: { zh: '常州北', tw: '常州北', en: "Changzhou North", city: 'CZX' },
  ESN: { zh: '恩施', tw: '恩施', en: "Enshi", city: 'ENH' },
  EUH: { zh: '海宁西', tw: '海寧西', en: "Haining West", city: 'JNH' },
  EWH: { zh: '定远', tw: '定遠', en: "Dingyuan", city: 'chuzhou' },
  EWQ: { zh: '新晃西', tw: '新晃西', en: "Xinhuang West", city: 'HJJ' },
  EXH: { zh: '丹阳北', tw: '丹陽北', en: "Danyang North", city: 'zhenjiang' },
  FBM: { zh: '富源北', tw: '富源北', en: "Fuyuan North", city: 'qujing' },
  FBT: { zh: '扶余北', tw: '扶餘北', en: "Fuyu North", city: 'YSQ' },
  FIH: { zh: '肥东', tw: '肥東', en: "Feidong", city: 'HFE' },
  FMW: { zh: '贵定北', tw: '貴定北', en: "Guiding North", city: 'duyun' },
  FQW: { zh: '大足南', tw: '大足南', en: "Dazu South", city: 'dazu' },
  FYW: { zh: '资阳北', tw: '資陽北', en: "Ziyang North", city: 'ziyang' },
  FZW: { zh: '璧山', tw: '璧山', en: "Bishan", city: 'bishan' },
  GAT: { zh: '盖州西', tw: '蓋州西', en: "Gaizhou West", city: 'YKH' },
  GBQ: { zh: '广州北', tw: '廣州北', en: "Guangzhou North", city: 'CAN' },
  GBT: { zh: '公主岭南', tw: '公主嶺南', en: "Gongzhuling South", city: 'CGQ' },
  GCG: { zh: '高安', tw: '高安', en: "Gao'an", city: 'YIC' },
  GGQ: { zh: '广州东', tw: '廣州東', en: "Guangzhou East", city: 'CAN' },
  GLE: { zh: '关岭', tw: '關嶺', en: "Guanling", city: 'AVA' },
  GMP: { zh: '高碑店东', tw: '高碑店東', en: "Gaobeidian East", city: 'baoding' },
  GNP: { zh: '高邑西', tw: '高邑西', en: "Gaoyi West", city: 'SJW' },
  GYF: { zh: '巩义南', tw: '鞏義南', en: "Gongyi South", city: 'CGO' },
  GZQ: { zh: '广州', tw: '廣州', en: "Guangzhou", city: 'CAN' },
  HAN: { zh: '宜昌东', tw: '宜昌東', en: "Yichang East", city: 'YIH' },
  HDP: { zh: '邯郸', tw: '邯鄲', en: "Handan", city: 'HDG' },
  HDY: { zh: '华山北', tw: '華山北', en: "Huashan North", city: 'huayin' },
  HEQ: { zh: '衡山西', tw: '衡山西', en: "Hengshan West", city: 'HNY' },
  HFF: { zh: '鹤壁东', tw: '鶴壁東', en: "Hebi East", city: 'hebi' },
  HGH: { zh: '杭州东', tw: '杭州東', en: "Hangzhou East", city: 'HGH' },
  HKN: { zh: '汉口', tw: '漢口', en: "Hankou", city: 'WUH' },
  HPP: { zh: '邯郸东', tw: '邯鄲東', en: "Handan East", city: 'HDG' },
  HVQ: { zh: '衡阳东', tw: '衡陽東', en: "Hengyang East", city: 'HNY' },
  HXT: { zh: '海城西', tw: '海城西', en: "Haicheng West", city: 'AOG' },
  HYQ: { zh: '衡阳', tw: '衡陽', en: "Hengyang", city: 'HNY' },
  ICQ: { zh: '郴州西', tw: '郴州西', en: "Chenzhou West", city: 'HCZ' },
  ICW: { zh: '成都东', tw: '成都東', en: "Chengdu East", city: 'CTU' },
  IIQ: { zh: '英德西', tw: '英德西', en: "Yingde West", city: 'qingyuan' },
  IMQ: { zh: '光明城', tw: '光明城', en: "Guangmingcheng", city: 'SZX' },
  INH: { zh: '全椒', tw: '全椒', en: "Quanjiao", city: 'chuzhou' },
  INQ: { zh: '韶山南', tw: '韶山南', en: "Shaoshan South", city: 'xiangtan' },
  IOQ: { zh: '深圳北', tw: '深圳北', en: "Shenzhen North", city: 'SZX' },
  IUQ: { zh: '虎门', tw: '虎門', en: "Humen", city: 'dongguan' },
  IZQ: { zh: '广州南', tw: '廣州南', en: "Guangzhou South", city: 'CAN' },
  JBH: { zh: '金华', tw: '金華', en: "Jinhua", city: 'jinhua' },
  JBN: { zh: '荆州', tw: '荊州', en: "Jingzhou", city: 'SHS' },
  JGK: { zh: '济南西', tw: '濟南西', en: "Jinan West", city: 'TNA' },
  JNK: { zh: '济南', tw: '濟南', en: "Jinan", city: 'TNA' },
  JOW: { zh: '简阳南', tw: '簡陽南', en: "Jianyang South", city: 'CTU' },
  JUH: { zh: '江山', tw: '江山', en: "Jiangshan", city: 'JUZ' },
  JXG: { zh: '进贤南', tw: '進賢南', en: "Jinxian South", city: 'KHN' },
  JZH: { zh: '金寨', tw: '金寨', en: "Jinzhai", city: 'luan' },
  KAQ: { zh: '怀化南', tw: '懷化南', en: "Huaihua South", city: 'HJJ' },
  KBF: { zh: '开封北', tw: '開封北', en: "Kaifeng North", city: 'kaifeng' },
  KNH: { zh: '昆山南', tw: '崑山南', en: "Kunshan South", city: 'suzhou-js' },
  KOM: { zh: '昆明南', tw: '昆明南', en: "Kunming South", city: 'KMG' },
  KQW: { zh: '贵阳北', tw: '貴陽北', en: "Guiyang North", city: 'KWE' },
  LAJ: { zh: '兰州西', tw: '蘭州西', en: "Lanzhou West", city: 'LHW' },
  LBN: { zh: '漯河西', tw: '漯河西', en: "Luohe West", city: 'luohe' },
  LCN: { zh: '利川', tw: '利川', en: "Lichuan", city: 'ENH' },
  LJP: { zh: '廊坊', tw: '廊坊', en: "Langfang", city: 'langfang' },
  LLF: { zh: '洛阳龙门', tw: '洛陽龍門', en: "Luoyang Longmen", city: 'LYA' },
  LMH: { zh: '龙游', tw: '龍游', en: "Longyou", city: 'JUZ' },
  LPE: { zh: '梁平南', tw: '梁平南', en: "Liangping South", city: 'liangping' },
  LPF: { zh: '灵宝西', tw: '靈寶西', en: "Lingbao West", city: 'sanmenxia' },
  LPQ: { zh: '耒阳西', tw: '耒陽西', en: "Leiyang West", city: 'HNY' },
  LUF: { zh: '兰考南', tw: '蘭考南', en: "Lankao South", city: 'kaifeng' },
  LYT: { zh: '辽阳', tw: '遼陽', en: "Liaoyang", city: 'liaoyang' },
  MBN: { zh: '麻城北', tw: '麻城北', en: "Macheng North", city: 'huanggang' },
  MIF: { zh: '民权北', tw: '民權北', en: "Minquan North", city: 'shangqiu' },
  MNF: { zh: '渑池南', tw: '澠池南', en: "Mianchi South", city: 'sanmenxia' },
  MQQ: { zh: '汨罗东', tw: '汨羅東', en: "Miluo East", city: 'YYA' },
  NIW: { zh: '遂宁', tw: '遂寧', en: "Suining", city: 'suining' },
  NJH: { zh: '南京', tw: '南京', en: "Nanjing", city: 'NKG' },
  NKH: { zh: '南京南', tw: '南京南', en: "Nanjing South", city: 'NKG' },
  NKW: { zh: '内江北', tw: '內江北', en: "Neijiang North", city: 'neijiang' },
  NWW: { zh: '隆昌北', tw: '隆昌北', en: "Longchang North", city: 'neijiang' },
  NXG: { zh: '南昌西', tw: '南昌西', en: "Nanchang West", city: 'KHN' },
  OHH: { zh: '苏州北', tw: '蘇州北', en: "Suzhou North", city: 'suzhou-js' },
  OYN: { zh: '信阳东', tw: '信陽東', en: "Xinyang East", city: 'XAI' },
  PAE: { zh: '盘州', tw: '盤州', en: "Panzhou", city: 'LPF' },
  PBG: { zh: '萍乡北', tw: '萍鄉北', en: "Pingxiang North", city: 'pingxiang' },
  PPT: { zh: '四平东', tw: '四平東', en: "Siping East", city: 'siping' },
  PRH: { zh: '砀山南', tw: '碭山南', en: "Dangshan South", city: 'suzhou-ah' },
  PUE: { zh: '普安县', tw: '普安縣', en: "Pu'anxian", city: 'ACX' },
  PXT: { zh: '铁岭西', tw: '鐵嶺西', en: "Tieling West", city: 'tieling' },
  QAK: { zh: '曲阜东', tw: '曲阜東', en: "Qufu East", city: 'JNG' },
  QBM: { zh: '曲靖北', tw: '曲靖北', en: "Qujing North", city: 'qujing' },
  QBQ: { zh: '清远', tw: '清遠', en: "Qingyuan", city: 'qingyuan' },
  QEH: { zh: '衢州', tw: '衢州', en: "Quzhou", city: 'JUZ' },
  QGJ: { zh: '秦安', tw: '秦安', en: "Qin'an", city: 'THQ' },
  QHW: { zh: '三穗', tw: '三穗', en: "Sansui", city: 'KJH' },
  QJN: { zh: '潜江', tw: '潛江', en: "Qianjiang", city: 'qianjiang' },
  QKW: { zh: '凯里南', tw: '凱里南', en: "Kaili South", city: 'KJH' },
  QSH: { zh: '萧县北', tw: '蕭縣北', en: "Xiaoxian North", city: 'suzhou-ah' },
  RGH: { zh: '永城北', tw: '永城北', en: "Yongcheng North", city: 'shangqiu' },
  RQW: { zh: '荣昌北', tw: '榮昌北', en: "Rongchang North", city: 'rongchang' },
  RTQ: { zh: '东莞', tw: '東莞', en: "Dongguan", city: 'dongguan' },
  SBB: { zh: '双城北', tw: '雙城北', en: "Shuangcheng North", city: 'HRB' },
  SBT: { zh: '沈阳北', tw: '瀋陽北', en: "Shenyang North", city: 'SHE' },
  SCF: { zh: '三门峡南', tw: '三門峽南', en: "Sanmenxia South", city: 'sanmenxia' },
  SGQ: { zh: '韶关东', tw: '韶關東', en: "Shaoguan East", city: 'HSC' },
  SHH: { zh: '上海', tw: '上海', en: "Shanghai", city: 'SHA' },
  SJP: { zh: '石家庄', tw: '石家莊', en: "Shijiazhuang", city: 'SJW' },
  SNQ: { zh: '韶关', tw: '韶關', en: "Shaoguan", city: 'HSC' },
  SQF: { zh: '商丘', tw: '商丘', en: "Shangqiu", city: 'shangqiu' },
  SRG: { zh: '上饶', tw: '上饒', en: "Shangrao", city: 'SQD' },
  SRH: { zh: '宿州东', tw: '宿州東', en: "Suzhou East", city: 'suzhou-ah' },
  SZH: { zh: '苏州', tw: '蘇州', en: "Suzhou", city: 'suzhou-js' },
  SZQ: { zh: '深圳', tw: '深圳', en: "Shenzhen", city: 'SZX' },
  TAK: { zh: '泰山', tw: '泰山', en: "Taishan", city: 'taian' },
  TCH: { zh: '桐乡', tw: '桐鄉', en: "Tongxiang", city: 'JNH' },
  TEK: { zh: '滕州东', tw: '滕州東', en: "Tengzhou East", city: 'zaozhuang' },
  TIJ: { zh: '天水南', tw: '天水南', en: "Tianshui South", city: 'THQ' },
  TIP: { zh: '天津南', tw: '天津南', en: "Tianjin South", city: 'TSN' },
  TJP: { zh: '天津', tw: '天津', en: "Tianjin", city: 'TSN' },
  TMK: { zh: '泰安', tw: '泰安', en: "Tai'an", city: 'taian' },
  TNN: { zh: '天门南', tw: '天門南', en: "Tianmen South", city: 'tianmen' },
  TNW: { zh: '铜仁南', tw: '銅仁南', en: "Tongren South", city: 'TEN' },
  TWJ: { zh: '通渭', tw: '通渭', en: "Tongwei", city: 'dingxi' },
  UAH: { zh: '六安', tw: '六安', en: "Lu'an", city: 'luan' },
  UKQ: { zh: '醴陵东', tw: '醴陵東', en: "Liling East", city: 'zhuzhou' },
  UOQ: { zh: '娄底南', tw: '婁底南', en: "Loudi South", city: 'loudi' },
  UUH: { zh: '徐州东', tw: '徐州東', en: "Xuzhou East", city: 'XUZ' },
  VAB: { zh: '哈尔滨西', tw: '哈爾濱西', en: "Harbin West", city: 'HRB' },
  VNP: { zh: '北京南', tw: '北京南', en: "Beijing South", city: 'BJS' },
  WBY: { zh: '渭南北', tw: '渭南北', en: "Weinan North", city: 'weinan' },
  WCN: { zh: '武昌', tw: '武昌', en: "Wuchang", city: 'WUH' },
  WGH: { zh: '无锡东', tw: '無錫東', en: "Wuxi East", city: 'WUX' },
  WHN: { zh: '武汉', tw: '武漢', en: "Wuhan", city: 'WUH' },
  WMW: { zh: '永川东', tw: '永川東', en: "Yongchuan East", city: 'yongchuan' },
  WWP: { zh: '武清', tw: '武清', en: "Wuqing", city: 'TSN' },
  WXH: { zh: '无锡', tw: '無錫', en: "Wuxi", city: 'WUX' },
  WXT: { zh: '瓦房店西', tw: '瓦房店西', en: "Wafangdian West", city: 'DLC' },
  WZE: { zh: '万州北', tw: '萬州北', en: "Wanzhou North", city: 'WXN' },
  XBG: { zh: '新余北', tw: '新余北', en: "Xinyu North", city: 'xinyu' },
  XCF: { zh: '许昌', tw: '許昌', en: "Xuchang", city: 'xuchang' },
  XCH: { zh: '徐州', tw: '徐州', en: "Xuzhou", city: 'XUZ' },
  XJN: { zh: '孝感北', tw: '孝感北', en: "Xiaogan North", city: 'xiaogan' },
  XRN: { zh: '咸宁北', tw: '咸寧北', en: "Xianning North", city: 'xianning' },
  XUN: { zh: '信阳', tw: '信陽', en: "Xinyang", city: 'XAI' },
  XVF: { zh: '许昌东', tw: '許昌東', en: "Xuchang East", city: 'xuchang' },
  YEG: { zh: '宜春', tw: '宜春', en: "Yichun", city: 'YIC' },
  YGG: { zh: '玉山南', tw: '玉山南', en: "Yushan South", city: 'SQD' },
  YGT: { zh: '营口东', tw: '營口東', en: "Yingkou East", city: 'YKH' },
  YIG: { zh: '弋阳', tw: '弋陽', en: "Yiyang", city: 'SQD' },
  YIQ: { zh: '岳阳东', tw: '岳陽東', en: "Yueyang East", city: 'YYA' },
  YKG: { zh: '鹰潭北', tw: '鷹潭北', en: "Yingtan North", city: 'yingtan' },
  YUP: { zh: '亦庄', tw: '亦莊', en: "Yizhuang", city: 'BJS' },
  YWH: { zh: '义乌', tw: '義烏', en: "Yiwu", city: 'jinhua' },
  YYQ: { zh: '岳阳', tw: '岳陽', en: "Yueyang", city: 'YYA' },
  YZK: { zh: '兖州', tw: '兗州', en: "Yanzhou", city: 'JNG' },
  ZAF: { zh: '郑州东', tw: '鄭州東', en: "Zhengzhou East", city: 'CGO' },
  ZAP: { zh: '涿州东', tw: '涿州東', en: "Zhuozhou East", city: 'baoding' },
  ZAQ: { zh: '株洲西', tw: '株洲西', en: "Zhuzhou West", city: 'zhuzhou' },
  ZDH: { zh: '诸暨', tw: '諸暨', en: "Zhuji", city: 'shaoxing' },
  ZDN: { zh: '驻马店', tw: '駐馬店', en: "Zhumadian", city: 'zhumadian' },
  ZEH: { zh: '镇江南', tw: '鎮江南', en: "Zhenjiang South", city: 'zhenjiang' },
  ZEK: { zh: '枣庄', tw: '棗莊', en: "Zaozhuang", city: 'zaozhuang' },
  ZIN: { zh: '枝江北', tw: '枝江北', en: "Zhijiang North", city: 'YIH' },
  ZJH: { zh: '镇江', tw: '鎮江', en: "Zhenjiang", city: 'zhenjiang' },
  ZLN: { zh: '驻马店西', tw: '駐馬店西', en: "Zhumadian West", city: 'zhumadian' },
  ZOQ: { zh: '樟木头', tw: '樟木頭', en: "Zhangmutou", city: 'dongguan' },
  ZPQ: { zh: '芷江', tw: '芷江', en: "Zhijiang", city: 'HJJ' },
  ZZF: { zh: '郑州', tw: '鄭州', en: "Zhengzhou", city: 'CGO' },
  ZZQ: { zh: '株洲', tw: '株洲', en: "Zhuzhou", city: 'zhuzhou' },
};

export const CORRIDORS: readonly Corridor[] = [
  {
    id: 'beijing-shanghai-hsr',
    name: { zh: '京沪高铁', en: 'Beijing–Shanghai HSR' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['VNP', 0, 1], // 北京南
      ['LJP', 59, 3], // 廊坊
      ['TIP', 131, 2], // 天津南
      ['CBP', 219, 2], // 沧州西
      ['DIP', 327, 2], // 德州东
      ['JGK', 406, 1], // 济南西
      ['TMK', 465, 2], // 泰安
      ['QAK', 535, 2], // 曲阜东
      ['TEK', 589, 3], // 滕州东
      ['ZEK', 627, 3], // 枣庄
      ['UUH', 692, 1], // 徐州东
      ['SRH', 767, 3], // 宿州东
      ['BMH', 844, 2], // 蚌埠南
      ['EWH', 897, 3], // 定远
      ['CXH', 959, 3], // 滁州
      ['NKH', 1023, 1], // 南京南
      ['ZEH', 1088, 2], // 镇江南
      ['EXH', 1120, 3], // 丹阳北
      ['ESH', 1153, 2], // 常州北
      ['WGH', 1210, 2], // 无锡东
      ['OHH', 1237, 2], // 苏州北
      ['KNH', 1268, 3], // 昆山南
      ['AOH', 1318, 1], // 上海虹桥
    ],
  },
  {
    id: 'beijing-guangzhou-shenzhen-hsr',
    name: { zh: '京广高铁·广深港高铁', en: 'Beijing–Guangzhou–Shenzhen HSR' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['BXP', 0, 1], // 北京西
      ['ZAP', 58, 3], // 涿州东
      ['GMP', 82, 3], // 高碑店东
      ['BMP', 139, 2], // 保定东
      ['DOP', 199, 3], // 定州东
      ['SJP', 281, 1], // 石家庄
      ['GNP', 335, 3], // 高邑西
      ['EDP', 393, 2], // 邢台东
      ['HPP', 449, 2], // 邯郸东
      ['ADF', 513, 2], // 安阳东
      ['HFF', 566, 3], // 鹤壁东
      ['EGF', 617, 2], // 新乡东
      ['ZAF', 693, 1], // 郑州东
      ['XVF', 781, 2], // 许昌东
      ['LBN', 840, 2], // 漯河西
      ['ZLN', 911, 2], // 驻马店西
      ['OYN', 1013, 2], // 信阳东
      ['XJN', 1113, 3], // 孝感北
      ['WHN', 1229, 1], // 武汉
      ['XRN', 1316, 3], // 咸宁北
      ['CIN', 1355, 3], // 赤壁北
      ['YIQ', 1444, 2], // 岳阳东
      ['MQQ', 1500, 3], // 汨罗东
      ['CWQ', 1591, 1], // 长沙南
      ['ZAQ', 1640, 2], // 株洲西
      ['HEQ', 1713, 3], // 衡山西
      ['HVQ', 1763, 2], // 衡阳东
      ['LPQ', 1822, 3], // 耒阳西
      ['ICQ', 1906, 2], // 郴州西
      ['SNQ', 2057, 2], // 韶关
      ['IIQ', 2141, 3], // 英德西
      ['QBQ', 2191, 3], // 清远
      ['GBQ', 2224, 3], // 广州北
      ['IZQ', 2298, 1], // 广州南
      ['IUQ', 2352, 2], // 虎门
      ['IMQ', 2378, 3], // 光明城
      ['IOQ', 2400, 1], // 深圳北
    ],
  },
  {
    id: 'shanghai-kunming-hsr',
    name: { zh: '沪昆高铁', en: 'Shanghai–Kunming HSR' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['AOH', 0, 1], // 上海虹桥
      ['EAH', 58, 3], // 嘉善南
      ['EPH', 85, 2], // 嘉兴南
      ['TCH', 107, 3], // 桐乡
      ['EUH', 124, 3], // 海宁西
      ['HGH', 159, 1], // 杭州东
      ['ZDH', 222, 3], // 诸暨
      ['YWH', 271, 2], // 义乌
      ['JBH', 321, 2], // 金华
      ['LMH', 377, 3], // 龙游
      ['QEH', 407, 2], // 衢州
      ['JUH', 436, 3], // 江山
      ['YGG', 476, 3], // 玉山南
      ['SRG', 517, 2], // 上饶
      ['YIG', 570, 3], // 弋阳
      ['YKG', 628, 2], // 鹰潭北
      ['JXG', 694, 3], // 进贤南
      ['NXG', 742, 1], // 南昌西
      ['GCG', 786, 3], // 高安
      ['XBG', 859, 2], // 新余北
      ['YEG', 912, 2], // 宜春
      ['PBG', 970, 2], // 萍乡北
      ['UKQ', 1010, 3], // 醴陵东
      ['CWQ', 1086, 1], // 长沙南
      ['EDQ', 1133, 2], // 湘潭北
      ['INQ', 1153, 3], // 韶山南
      ['UOQ', 1215, 2], // 娄底南
      ['EJQ', 1283, 3], // 新化南
      ['EMQ', 1370, 3], // 溆浦南
      ['KAQ', 1467, 2], // 怀化南
      ['ZPQ', 1515, 3], // 芷江
      ['EWQ', 1560, 3], // 新晃西
      ['TNW', 1601, 2], // 铜仁南
      ['QHW', 1644, 3], // 三穗
      ['QKW', 1711, 2], // 凯里南
      ['FMW', 1762, 3], // 贵定北
      ['KQW', 1796, 1], // 贵阳北
      ['ASE', 1886, 2], // 安顺西
      ['GLE', 1946, 3], // 关岭
      ['PUE', 2006, 3], // 普安县
      ['PAE', 2058, 3], // 盘州
      ['FBM', 2110, 3], // 富源北
      ['QBM', 2150, 2], // 曲靖北
      ['KOM', 2252, 1], // 昆明南
    ],
  },
  {
    id: 'xuzhou-lanzhou-hsr',
    name: { zh: '徐兰高铁', en: 'Xuzhou–Lanzhou HSR' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['UUH', 0, 1], // 徐州东
      ['QSH', 20, 3], // 萧县北
      ['PRH', 88, 3], // 砀山南
      ['RGH', 120, 3], // 永城北
      ['SQF', 156, 2], // 商丘
      ['MIF', 208, 3], // 民权北
      ['LUF', 250, 3], // 兰考南
      ['KBF', 294, 2], // 开封北
      ['ZAF', 361, 1], // 郑州东
      ['GYF', 433, 3], // 巩义南
      ['LLF', 490, 2], // 洛阳龙门
      ['MNF', 553, 3], // 渑池南
      ['SCF', 608, 2], // 三门峡南
      ['LPF', 660, 3], // 灵宝西
      ['HDY', 736, 3], // 华山北
      ['WBY', 787, 2], // 渭南北
      ['EAY', 845, 1], // 西安北
      ['BBY', 1012, 2], // 宝鸡南
      ['TIJ', 1165, 2], // 天水南
      ['QGJ', 1206, 3], // 秦安
      ['TWJ', 1265, 3], // 通渭
      ['DNJ', 1330, 2], // 定西北
      ['LAJ', 1413, 1], // 兰州西
    ],
  },
  {
    id: 'shanghai-wuhan-chengdu',
    name: { zh: '沪汉蓉通道', en: 'Shanghai–Wuhan–Chengdu corridor' },
    lineSpeed: 250,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['AOH', 0, 1], // 上海虹桥
      ['OHH', 81, 2], // 苏州北
      ['WGH', 108, 2], // 无锡东
      ['ESH', 165, 2], // 常州北
      ['NKH', 295, 1], // 南京南
      ['INH', 340, 3], // 全椒
      ['FIH', 430, 3], // 肥东
      ['ENH', 451, 1], // 合肥南
      ['UAH', 525, 2], // 六安
      ['JZH', 580, 3], // 金寨
      ['MBN', 660, 3], // 麻城北
      ['HKN', 808, 1], // 汉口
      ['TNN', 900, 3], // 天门南
      ['QJN', 947, 3], // 潜江
      ['JBN', 1016, 2], // 荆州
      ['ZIN', 1068, 3], // 枝江北
      ['HAN', 1101, 2], // 宜昌东
      ['ESN', 1281, 2], // 恩施
      ['LCN', 1357, 3], // 利川
      ['WZE', 1478, 2], // 万州北
      ['LPE', 1538, 3], // 梁平南
      ['DJE', 1580, 3], // 垫江
      ['COW', 1640, 3], // 长寿北
      ['CUW', 1715, 1], // 重庆北
      ['NIW', 1860, 2], // 遂宁
      ['ICW', 2008, 1], // 成都东
    ],
  },
  {
    id: 'harbin-dalian-hsr',
    name: { zh: '哈大高铁', en: 'Harbin–Dalian HSR' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['VAB', 0, 1], // 哈尔滨西
      ['SBB', 41, 3], // 双城北
      ['FBT', 90, 3], // 扶余北
      ['DXT', 158, 3], // 德惠西
      ['CRT', 240, 1], // 长春西
      ['GBT', 293, 3], // 公主岭南
      ['PPT', 355, 2], // 四平东
      ['CPT', 413, 3], // 昌图西
      ['PXT', 479, 2], // 铁岭西
      ['SBT', 538, 1], // 沈阳北
      ['LYT', 605, 2], // 辽阳
      ['AXT', 631, 2], // 鞍山西
      ['HXT', 670, 3], // 海城西
      ['YGT', 714, 2], // 营口东
      ['GAT', 745, 3], // 盖州西
      ['BYT', 775, 3], // 鲅鱼圈
      ['WXT', 837, 3], // 瓦房店西
      ['DFT', 921, 1], // 大连北
    ],
  },
  {
    id: 'chengdu-chongqing-hsr',
    name: { zh: '成渝高铁', en: 'Chengdu–Chongqing HSR' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['ICW', 0, 1], // 成都东
      ['JOW', 45, 3], // 简阳南
      ['FYW', 88, 2], // 资阳北
      ['NKW', 146, 2], // 内江北
      ['NWW', 180, 3], // 隆昌北
      ['RQW', 208, 3], // 荣昌北
      ['FQW', 230, 3], // 大足南
      ['WMW', 254, 2], // 永川东
      ['FZW', 287, 3], // 璧山
      ['CYW', 308, 1], // 沙坪坝
    ],
  },
  {
    id: 'beijing-tianjin-intercity',
    name: { zh: '京津城际', en: 'Beijing–Tianjin intercity' },
    lineSpeed: 350,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['VNP', 0, 1], // 北京南
      ['YUP', 23, 3], // 亦庄
      ['WWP', 79, 3], // 武清
      ['TJP', 120, 1], // 天津
    ],
  },
  {
    id: 'guangzhou-shenzhen-intercity',
    name: { zh: '广深铁路', en: 'Guangzhou–Shenzhen railway' },
    lineSpeed: 200,
    kind: 'hsr',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['GGQ', 0, 1], // 广州东
      ['RTQ', 60, 2], // 东莞
      ['DAQ', 81, 3], // 常平
      ['ZOQ', 98, 3], // 樟木头
      ['SZQ', 147, 1], // 深圳
    ],
  },
  {
    id: 'beijing-shanghai-railway',
    name: { zh: '京沪铁路', en: 'Beijing–Shanghai railway' },
    lineSpeed: 160,
    kind: 'conventional',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['BJP', 0, 1], // 北京
      ['TJP', 137, 1], // 天津
      ['COP', 229, 2], // 沧州
      ['DZP', 314, 2], // 德州
      ['JNK', 495, 1], // 济南
      ['TAK', 561, 2], // 泰山
      ['YZK', 640, 3], // 兖州
      ['XCH', 814, 1], // 徐州
      ['BBH', 979, 2], // 蚌埠
      ['NJH', 1160, 1], // 南京
      ['ZJH', 1229, 2], // 镇江
      ['CZH', 1296, 2], // 常州
      ['WXH', 1335, 2], // 无锡
      ['SZH', 1377, 2], // 苏州
      ['SHH', 1463, 1], // 上海
    ],
  },
  {
    id: 'beijing-guangzhou-railway',
    name: { zh: '京广铁路', en: 'Beijing–Guangzhou railway' },
    lineSpeed: 160,
    kind: 'conventional',
    // [telegraph code, line kilometre, tier]
    stations: [
      ['BXP', 0, 1], // 北京西
      ['BDP', 146, 2], // 保定
      ['SJP', 277, 1], // 石家庄
      ['HDP', 456, 2], // 邯郸
      ['ZZF', 689, 1], // 郑州
      ['XCF', 776, 3], // 许昌
      ['ZDN', 898, 2], // 驻马店
      ['XUN', 993, 2], // 信阳
      ['WCN', 1225, 1], // 武昌
      ['YYQ', 1440, 2], // 岳阳
      ['CSQ', 1587, 1], // 长沙
      ['ZZQ', 1638, 2], // 株洲
      ['HYQ', 1772, 2], // 衡阳
      ['CZQ', 1924, 2], // 郴州
      ['SGQ', 2097, 2], // 韶关东
      ['GZQ', 2294, 1], // 广州
    ],
  },
];
