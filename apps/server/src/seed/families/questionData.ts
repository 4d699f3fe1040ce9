/**
 * Facts the demo question banks are written from: books (author, other names the author is known
 * by, era, platform category, characters, what it is about) and reading-culture facts. Every
 * question of the seed is made from these by the templates of questions.ts.
 */
export interface Book {
  title: string;
  author: string;
  /** Other accepted answers for the author (fill-in synonyms). */
  aliases?: string[];
  era: string;
  /** Platform category (seed/families/platform.ts CATEGORIES). */
  category: '文学' | '历史' | '科学' | '艺术' | '少儿';
  characters: string[];
  about: string;
  /** For children (the school's bank). */
  young?: boolean;
}

export const BOOKS: Book[] = [
  { title: '红楼梦', author: '曹雪芹', aliases: ['曹霑'], era: '清代', category: '文学', characters: ['贾宝玉', '林黛玉', '薛宝钗', '王熙凤'], about: '以贾、史、王、薛四大家族的兴衰为背景，写贾宝玉与林黛玉、薛宝钗的爱情婚姻悲剧' },
  { title: '三国演义', author: '罗贯中', aliases: ['罗本'], era: '元末明初', category: '文学', characters: ['刘备', '诸葛亮', '曹操', '关羽'], about: '描写东汉末年到西晋初年魏、蜀、吴三国之间的政治和军事斗争' },
  { title: '水浒传', author: '施耐庵', era: '元末明初', category: '文学', characters: ['宋江', '武松', '林冲', '鲁智深'], about: '讲述一百零八位好汉聚义梁山泊、受招安并征讨方腊的故事' },
  { title: '西游记', author: '吴承恩', era: '明代', category: '文学', characters: ['孙悟空', '猪八戒', '沙僧', '唐僧'], about: '写唐僧师徒四人西天取经、历经九九八十一难的故事', young: true },
  { title: '儒林外史', author: '吴敬梓', era: '清代', category: '文学', characters: ['范进', '严监生', '杜少卿'], about: '以讽刺笔法描写科举制度下读书人的功名追求与精神面貌' },
  { title: '聊斋志异', author: '蒲松龄', era: '清代', category: '文学', characters: ['聂小倩', '宁采臣', '婴宁'], about: '借花妖狐魅的故事讽刺社会现实的文言短篇小说集' },
  { title: '呐喊', author: '鲁迅', aliases: ['周树人'], era: '现代', category: '文学', characters: ['阿Q', '孔乙己', '闰土'], about: '收录《狂人日记》《孔乙己》《故乡》等小说，揭示旧社会的病苦' },
  { title: '朝花夕拾', author: '鲁迅', aliases: ['周树人'], era: '现代', category: '文学', characters: ['长妈妈', '藤野先生', '范爱农'], about: '回忆童年和青年时代生活的散文集', young: true },
  { title: '骆驼祥子', author: '老舍', aliases: ['舒庆春'], era: '现代', category: '文学', characters: ['祥子', '虎妞', '刘四爷'], about: '写北平人力车夫祥子三起三落、最终堕落的悲剧' },
  { title: '边城', author: '沈从文', era: '现代', category: '文学', characters: ['翠翠', '傩送', '天保'], about: '以湘西茶峒为背景，写船家少女翠翠纯真而哀婉的爱情' },
  { title: '家', author: '巴金', aliases: ['李尧棠'], era: '现代', category: '文学', characters: ['高觉新', '高觉慧', '鸣凤'], about: '写封建大家庭高家的衰败和青年一代的觉醒与反抗' },
  { title: '围城', author: '钱钟书', aliases: ['钱锺书'], era: '现代', category: '文学', characters: ['方鸿渐', '孙柔嘉', '赵辛楣'], about: '以方鸿渐回国后的经历写知识分子的生活与精神困境' },
  { title: '平凡的世界', author: '路遥', aliases: ['王卫国'], era: '当代', category: '文学', characters: ['孙少平', '孙少安', '田晓霞'], about: '以孙少安、孙少平兄弟为中心，写黄土高原上普通人的奋斗' },
  { title: '活着', author: '余华', era: '当代', category: '文学', characters: ['福贵', '家珍', '有庆'], about: '写福贵历经家人接连离世仍坚韧活下去的一生' },
  { title: '白鹿原', author: '陈忠实', era: '当代', category: '文学', characters: ['白嘉轩', '鹿子霖', '田小娥'], about: '以白、鹿两家的恩怨为线索，写关中平原半个世纪的变迁' },
  { title: '城南旧事', author: '林海音', era: '现代', category: '少儿', characters: ['英子', '宋妈', '秀贞'], about: '以小女孩英子的眼睛看二十年代北京城南的人和事', young: true },
  { title: '稻草人', author: '叶圣陶', era: '现代', category: '少儿', characters: ['稻草人'], about: '中国第一部为儿童创作的童话集', young: true },
  { title: '草房子', author: '曹文轩', era: '当代', category: '少儿', characters: ['桑桑', '秃鹤', '纸月'], about: '写男孩桑桑在油麻地小学度过的六年小学生活', young: true },
  { title: '小英雄雨来', author: '管桦', era: '当代', category: '少儿', characters: ['雨来'], about: '写晋察冀边区芦花村少年雨来机智勇敢同敌人斗争的故事', young: true },
  { title: '史记', author: '司马迁', aliases: ['太史公'], era: '西汉', category: '历史', characters: ['项羽', '刘邦', '屈原'], about: '中国第一部纪传体通史，记载从黄帝到汉武帝约三千年的历史' },
  { title: '资治通鉴', author: '司马光', era: '北宋', category: '历史', characters: ['唐太宗', '魏征'], about: '中国第一部编年体通史，记载从战国到五代共一千三百六十二年的历史' },
  { title: '万历十五年', author: '黄仁宇', era: '当代', category: '历史', characters: ['万历皇帝', '张居正', '海瑞'], about: '以1587年为切面，分析明代社会与政治制度的症结' },
  { title: '天工开物', author: '宋应星', era: '明代', category: '科学', characters: [], about: '记载农业和手工业生产技术的百科全书式著作' },
  { title: '梦溪笔谈', author: '沈括', era: '北宋', category: '科学', characters: [], about: '记述天文、数学、物理、地理等多方面知识的笔记体著作' },
  { title: '本草纲目', author: '李时珍', era: '明代', category: '科学', characters: [], about: '收载药物一千八百九十二种的中医药学巨著' },
  { title: '昆虫记', author: '法布尔', era: '近代', category: '科学', characters: ['螳螂', '蝉', '圣甲虫'], about: '以生动的笔触记录昆虫的习性与生活的科普名著', young: true },
  { title: '时间简史', author: '霍金', aliases: ['史蒂芬·霍金'], era: '当代', category: '科学', characters: [], about: '讲述宇宙的起源、黑洞和时间本质的科普著作' },
  { title: '物种起源', author: '达尔文', era: '近代', category: '科学', characters: [], about: '提出以自然选择为基础的生物进化理论' },
  { title: '寂静的春天', author: '蕾切尔·卡森', aliases: ['卡森'], era: '当代', category: '科学', characters: [], about: '揭示滥用杀虫剂对生态环境的危害，推动了现代环保运动' },
  { title: '傅雷家书', author: '傅雷', era: '现代', category: '艺术', characters: ['傅聪', '傅敏'], about: '傅雷写给儿子傅聪、傅敏的家信，谈艺术与做人' },
  { title: '美的历程', author: '李泽厚', era: '当代', category: '艺术', characters: [], about: '从宏观上梳理中国古代审美和艺术发展的历程' },
  { title: '鲁滨逊漂流记', author: '笛福', era: '近代', category: '文学', characters: ['鲁滨逊', '星期五'], about: '写鲁滨逊流落荒岛独自生活二十八年的经历', young: true },
  { title: '海底两万里', author: '凡尔纳', aliases: ['儒勒·凡尔纳'], era: '近代', category: '少儿', characters: ['尼摩船长', '阿龙纳斯'], about: '写阿龙纳斯教授随鹦鹉螺号潜艇周游海底的奇遇', young: true },
  { title: '小王子', author: '圣埃克苏佩里', era: '现代', category: '少儿', characters: ['小王子', '狐狸', '玫瑰'], about: '写来自B612小行星的小王子在各星球的旅行和见闻', young: true },
  { title: '夏洛的网', author: 'E·B·怀特', aliases: ['怀特'], era: '现代', category: '少儿', characters: ['威尔伯', '夏洛', '芬'], about: '写小猪威尔伯和蜘蛛夏洛之间的友谊', young: true },
  { title: '安徒生童话', author: '安徒生', era: '近代', category: '少儿', characters: ['卖火柴的小女孩', '丑小鸭', '小美人鱼'], about: '丹麦作家安徒生创作的童话作品集', young: true },
  { title: '格林童话', author: '格林兄弟', era: '近代', category: '少儿', characters: ['白雪公主', '小红帽', '灰姑娘'], about: '德国格林兄弟收集整理的民间童话集', young: true },
  { title: '钢铁是怎样炼成的', author: '奥斯特洛夫斯基', era: '现代', category: '文学', characters: ['保尔·柯察金', '冬妮娅', '朱赫来'], about: '写保尔·柯察金在革命斗争中成长为钢铁战士的故事' },
  { title: '老人与海', author: '海明威', era: '现代', category: '文学', characters: ['圣地亚哥', '马诺林'], about: '写老渔夫圣地亚哥与大马林鱼和鲨鱼搏斗的故事' },
  { title: '简·爱', author: '夏洛蒂·勃朗特', aliases: ['勃朗特'], era: '近代', category: '文学', characters: ['简·爱', '罗切斯特'], about: '写孤女简·爱追求独立人格和平等爱情的故事' },
];

/** Reading-culture facts: [statement, true?] for true/false, and ready questions of each kind. */
export const FACTS = {
  trueFalse: [
    ['每年的4月23日是“世界读书日”。', true],
    ['“世界读书日”是由联合国教科文组织设立的。', true],
    ['中国现存最早的诗歌总集是《楚辞》。', false],
    ['《诗经》收录了从西周初年到春秋中叶的诗歌三百零五篇。', true],
    ['“唐宋八大家”中没有苏轼。', false],
    ['ISBN是国际标准书号的英文缩写。', true],
    ['中国国家图书馆的前身是京师图书馆。', true],
    ['中图分类法中，字母I代表文学类图书。', true],
    ['活字印刷术是北宋毕昇发明的。', true],
    ['《永乐大典》编纂于清代。', false],
    ['《四库全书》分为经、史、子、集四部。', true],
    ['蔡伦改进了造纸术。', true],
  ] as [string, boolean][],
  single: [
    { stem: '“世界读书日”是每年的哪一天？', options: ['3月12日', '4月23日', '5月4日', '9月10日'], answer: 'B' },
    { stem: '我国古代最大的一部丛书是哪一部？', options: ['《永乐大典》', '《四库全书》', '《古今图书集成》', '《太平御览》'], answer: 'B' },
    { stem: '“读书破万卷，下笔如有神”出自哪位诗人？', options: ['李白', '杜甫', '白居易', '王维'], answer: 'B' },
    { stem: '“书犹药也，善读之可以医愚”是谁说的？', options: ['刘向', '朱熹', '苏轼', '韩愈'], answer: 'A' },
    { stem: '中图分类法中，字母K代表哪一类图书？', options: ['文学', '历史、地理', '艺术', '自然科学总论'], answer: 'B' },
    { stem: '“书山有路勤为径，学海无涯苦作舟”的作者是？', options: ['韩愈', '欧阳修', '陆游', '王安石'], answer: 'A' },
    { stem: '我国第一部诗歌总集是？', options: ['《楚辞》', '《诗经》', '《乐府诗集》', '《全唐诗》'], answer: 'B' },
    { stem: '“纸上得来终觉浅，绝知此事要躬行”出自哪位诗人？', options: ['陆游', '杜甫', '苏轼', '辛弃疾'], answer: 'A' },
  ],
  multiple: [
    { stem: '下列属于中国古典四大名著的有哪些？', options: ['《红楼梦》', '《西游记》', '《聊斋志异》', '《水浒传》', '《三国演义》'], answer: 'A,B,D,E' },
    { stem: '下列哪些属于中国古代四大发明？', options: ['造纸术', '指南针', '地动仪', '火药', '印刷术'], answer: 'A,B,D,E' },
    { stem: '下列哪些人物属于“唐宋八大家”？', options: ['韩愈', '柳宗元', '李白', '苏洵', '杜甫'], answer: 'A,B,D' },
    { stem: '《四库全书》分为哪几部？', options: ['经', '史', '子', '集', '传'], answer: 'A,B,C,D' },
    { stem: '下列哪些是鲁迅的作品？', options: ['《呐喊》', '《彷徨》', '《朝花夕拾》', '《边城》'], answer: 'A,B,C' },
  ],
  fill: [
    { stem: '“问渠那得清如许？为有___来。”', answer: [['源头活水']] },
    { stem: '“黑发不知勤学早，___。”', answer: [['白首方悔读书迟']] },
    { stem: '“读书百遍，___。”', answer: [['其义自见', '其义自现']] },
    { stem: '“腹有诗书___。”', answer: [['气自华']] },
    { stem: '“少壮不努力，___。”', answer: [['老大徒伤悲']] },
    { stem: '“书籍是人类进步的___。”这句话出自高尔基。', answer: [['阶梯']] },
  ],
  short: [
    { stem: '请谈谈你心目中“全民阅读”的意义。', answer: '可从提升个人素养、传承文化、建设书香社会等方面作答，言之有理即可。' },
    { stem: '请推荐一本你最喜欢的书，并说明理由。', answer: '书名准确，理由具体，言之有理即可。' },
    { stem: '纸质阅读和数字阅读各有什么优点？', answer: '纸质阅读利于专注和深度阅读；数字阅读便捷、容量大、检索方便。言之有理即可。' },
    { stem: '怎样养成每天阅读的习惯？请给出至少三条建议。', answer: '固定时间、从兴趣出发、做读书笔记、加入读书会等，言之有理即可。' },
  ],
};
