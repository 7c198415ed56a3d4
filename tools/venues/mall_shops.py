# The shops of the demo mall, floor by floor: name | IMDF occupant category | English name (the
# name's "en") | opening hours when not the mall's 10:00-22:00. A leading * takes one of the floor's
# largest units. Real chains and invented shops mixed, as in a real mall; every category needs an
# entry in content/venues/categories.toml, which the venue check asks before anything is written.
# The English is what a Chinese mall's English signage gives: a chain's own Latin name where it has
# one (星巴克 Starbucks, 南京大牌档 Nanjing Impressions, also searchable), else the shop's name
# translated where it means something (青柠书店 Lime Bookshop) or in pinyin where it is a name
# (锦瑟汉服 Jinse Hanfu).
# Each floor needs exactly as many names as mall.py draws shop units (the generator says so).

ADDRESS = dict(address="寻境路 188 号", unit=None, locality="上海市", province="CN-SH", country="CN",
               postal_code="200233", postal_code_ext=None, postal_code_vanity=None)
# The cinema at the north end of L5 (mall.py draws its unit), with the fields of a line below.
CINEMA = ("星幕国际影城", "cinema", "Starscreen International Cinema", "Mo-Su 09:30-24:00")
ROUTE_TO = "海底捞"

_FLOORS = {
    # cafés, cosmetics, jewellery and watches, phones
    "L1": """
        星巴克 | cafe | Starbucks | Mo-Su 07:30-22:00
        瑞幸咖啡 | cafe | luckin coffee | Mo-Su 08:00-22:00
        咖世家 | cafe | Costa Coffee
        喜茶 | bubbletea | HEYTEA
        乐乐茶 | bubbletea | LELECHA
        哈根达斯 | icecream | Häagen-Dazs
        歌帝梵 | chocolate | GODIVA
        *丝芙兰 | cosmetics | SEPHORA
        兰蔻 | cosmetics | Lancôme
        雅诗兰黛 | cosmetics | Estée Lauder
        资生堂 | cosmetics | Shiseido
        娇韵诗 | skincare | Clarins
        科颜氏 | skincare | Kiehl's
        欧舒丹 | skincare | L'Occitane
        悦木之源 | skincare | Origins
        魅可 | cosmetics | M·A·C
        芭比波朗 | cosmetics | Bobbi Brown
        植村秀 | cosmetics | Shu Uemura
        雪花秀 | cosmetics | Sulwhasoo
        完美日记 | cosmetics | Perfect Diary
        花西子 | cosmetics | Florasis
        屈臣氏 | personalcare | Watsons
        *周大福 | jewelry | Chow Tai Fook
        周生生 | jewelry | Chow Sang Sang
        老凤祥 | jewelry | Lao Feng Xiang
        六福珠宝 | jewelry | Lukfook Jewellery
        谢瑞麟 | jewelry | TSL
        潘多拉 | jewelry | Pandora
        施华洛世奇 | jewelry | Swarovski
        斯沃琪 | watches | Swatch
        天梭 | watches | Tissot
        浪琴 | watches | Longines
        卡西欧 | watches | Casio
        *华为 | mobilephones | HUAWEI
        小米之家 | mobilephones | Xiaomi
        荣耀 | mobilephones | HONOR
        戴森 | appliances | Dyson
        蔻驰 | leathergoods | Coach
        迈克高仕 | leathergoods | Michael Kors
        宝岛眼镜 | eyewear.opticians | Baodao Optical
        招商银行 | bank | China Merchants Bank | Mo-Fr 09:00-17:00; Sa-Su 10:00-16:00
        中国移动 | telecommunications | China Mobile
        花点时间 | florist | FlowerPlus
        鲍师傅糕点 | bakedgoods | Baoshifu Pastry
        85度C | bakedgoods | 85°C
        良品铺子 | specialtyfood | Bestore
        三只松鼠 | specialtyfood | Three Squirrels
        青柠书店 | books | Lime Bookshop
        暮色香氛 | perfume | Dusk Fragrances
        拾光眼镜 | eyewear.opticians | Shiguang Optical
        云朵烘焙 | bakedgoods | Cloud Bakery
        银杏茶室 | tea | Ginkgo Tea Room
        晴川钟表维修 | watchrepair | Qingchuan Watch Repairs
        橡木皮具 | leathergoods | Oak Leather Goods
        禾木手作 | artsandcrafts | Hemu Handmade
        栖木花艺 | florist | Qimu Florist
    """,
    # women's fashion, lingerie, shoes and accessories
    "L2": """
        *飒拉 | clothing | ZARA
        *海恩斯莫里斯 | clothing | H&M
        *优衣库 | clothing | UNIQLO
        芒果 | clothing.womens | MANGO
        玛西莫·都蒂 | clothing | Massimo Dutti
        摩安珂 | clothing.womens | MO&Co.
        欧时力 | clothing.womens | Ochirly
        江南布衣 | clothing.womens | JNBY
        例外 | clothing.womens | EXCEPTION
        伊芙丽 | clothing.womens | Eifini
        太平鸟女装 | clothing.womens | PEACEBIRD WOMEN
        歌莉娅 | clothing.womens | Goelia
        哥弟 | clothing.womens | Girdear
        玛丝菲尔 | clothing.womens | Marisfrolg
        雅莹 | clothing.womens | Elegant Prosper
        影儿 | clothing.womens | Yinger
        地素 | clothing.womens | DAZZLE
        播 | clothing.womens | Broadcast
        音儿 | clothing.womens | YINER
        朗姿 | clothing.womens | LANCY
        拉夏贝尔 | clothing.womens | La Chapelle
        秋水伊人 | clothing.womens | Qiushuiyiren
        艾莱依 | clothing.womens | ERAL
        波司登 | clothing | Bosideng
        盖璞 | clothing | GAP
        爱慕 | lingerie | Aimer
        维多利亚的秘密 | lingerie | Victoria's Secret
        都市丽人 | lingerie | Cosmo Lady
        曼妮芬 | lingerie | Maniform
        内外 | lingerie | NEIWAI
        百丽 | shoes | BeLLE
        思加图 | shoes | STACCATO
        天美意 | shoes | Teenmix
        他她 | shoes | Tata
        千百度 | shoes | C.banner
        红蜻蜓 | shoes | Red Dragonfly
        真美诗 | shoes | Joy&Peace
        小CK | fashionaccessories | Charles & Keith
        孕味妈咪 | maternitywear | Mum-to-Be Maternity
        锦瑟汉服 | costumes | Jinse Hanfu
        素纱 | clothing.womens | Susha
        棉麻时光 | clothing.womens | Cotton & Linen Days
        初见女装 | clothing.womens | Chujian Womenswear
        半夏 | clothing.womens | Banxia
        云裳 | clothing.womens | Yunshang
        拾月 | clothing.womens | Shiyue
        一点心思饰品 | fashionaccessories | A Little Thought Accessories
        南风帽饰 | hats | South Wind Hats
        丝路围巾 | fashionaccessories | Silk Road Scarves
        指尖艺术美甲 | manicurists | Fingertip Art Nails
        发丝造型 | haircutsstyling | Strands Hair Studio
        睫美人 | eyelashes | Lash Beauty
        茶百道 | bubbletea | ChaPanda
        一点点 | bubbletea | Yidiandian
        太平洋咖啡 | cafe | Pacific Coffee
        天好咖啡 | cafe | Tims Coffee
        蜜思小铺 | desserts | Misi Dessert Shop
        半糖甜品 | desserts | Half Sugar Desserts
    """,
    # men's fashion, sports, outdoor, electronics
    "L3": """
        *耐克 | sportswear | Nike
        *阿迪达斯 | sportswear | adidas
        *迪卡侬 | sportinggoods | Decathlon
        李宁 | sportswear | LI-NING
        安踏 | sportswear | ANTA
        特步 | sportswear | Xtep
        361度 | sportswear | 361°
        斯凯奇 | shoes | SKECHERS
        彪马 | sportswear | PUMA
        新百伦 | shoes | New Balance
        亚瑟士 | shoes | ASICS
        匡威 | shoes | Converse
        万斯 | shoes | Vans
        斐乐 | sportswear | FILA
        露露乐蒙 | sportswear | lululemon
        安德玛 | sportswear | Under Armour
        北面 | outdoorgear | The North Face
        始祖鸟 | outdoorgear | Arc'teryx
        哥伦比亚 | outdoorgear | Columbia
        探路者 | outdoorgear | Toread
        骆驼 | outdoorgear | CAMEL
        杰克琼斯 | clothing.mens | JACK & JONES
        海澜之家 | clothing.mens | HLA
        七匹狼 | clothing.mens | SEPTWOLVES
        利郎 | clothing.mens | LILANZ
        劲霸男装 | clothing.mens | K-Boxing
        马克华菲 | clothing.mens | Mark Fairwhale
        卡宾 | clothing.mens | CABBEEN
        雅戈尔 | clothing.mens | YOUNGOR
        九牧王 | clothing.mens | JOEONE
        太平鸟男装 | clothing.mens | PEACEBIRD MEN
        报喜鸟 | clothing.mens | Saint Angelo
        威克多 | clothing.mens | VICUTU
        李维斯 | clothing | Levi's
        森马 | clothing | Semir
        美特斯邦威 | clothing | Metersbonwe
        新秀丽 | luggage | Samsonite
        索尼 | audiovideoequipment | Sony
        大疆 | photographyequipment | DJI
        漫步者 | audiovideoequipment | Edifier
        联想 | computersandaccessories | Lenovo
        罗技 | computersandaccessories | Logitech
        皮爷咖啡 | cafe | Peet's Coffee
        霸王茶姬 | bubbletea | CHAGEE
        燃力健身 | gym | Ignite Fitness | Mo-Su 07:00-23:00
        绅士理发 | barber | Gentlemen's Barber
        匠心皮具护理 | shoerepair | Artisan Leather Care
        风驰单车 | bicycleshop | Fengchi Cycles
        静心瑜伽 | yoga | Serenity Yoga | Mo-Su 09:00-22:00
        岩点攀岩 | rockclimbing | Rockpoint Climbing
        超越电竞馆 | internetcafe | Beyond Esports Arena | Mo-Su 10:00-24:00
        行者户外 | outdoorgear | Wayfarer Outdoors
        绿茵足球 | sportinggoods | Green Pitch Football
        型男定制 | clothing.bespoke | Dapper Tailoring
        墨客文具 | stationery | Moke Stationery
        极客数码 | computersandaccessories | Geek Digital
        青山渔具 | huntingfishingsupplies | Green Hills Fishing Tackle
        远山茶社 | tea | Yuanshan Teahouse
    """,
    # children and family, home, the supermarket
    "L4": """
        *盒马鲜生 | supermarket | Freshippo | Mo-Su 08:00-22:00
        *孩子王 | babyclothesandsupplies | Kidswant
        *奈尔宝 | playcenter | Nerbo
        乐高 | toys | LEGO
        玩具反斗城 | toystore | Toys"R"Us
        泡泡玛特 | toys | POP MART
        名创优品 | giftshops | MINISO
        西西弗书店 | books | Sisyphe
        无印良品 | homedecor | MUJI
        巴拉巴拉 | clothing.childrens | balabala
        安奈儿 | clothing.childrens | Annil
        小猪班纳 | clothing.childrens | PEPCO
        江博士 | shoes | Dr.Kong
        基诺浦 | shoes | ginoble
        好孩子 | babyclothesandsupplies | gb
        贝亲 | babyclothesandsupplies | Pigeon
        爱婴室 | babyclothesandsupplies | Aiyingshi
        全棉时代 | babyclothesandsupplies | Purcotton
        金宝贝 | kidsactivities | Gymboree
        美吉姆 | kidsactivities | My Gym
        小橡树英语 | languageschool | Little Oak English
        音悦琴行 | musicalinstruments | Yinyue Music
        童真摄影 | photography | Innocence Kids' Photography
        小鹿理发 | haircutsstyling | Little Deer Kids' Hair
        萌宠之家 | petstore | Cute Pet House
        积木编程中心 | educationservices | Building Blocks Coding Centre
        绘本时光 | books | Picture Book Time
        小小厨师烘焙课堂 | cookingschool | Little Chefs Baking Class
        贝齿儿童口腔 | dentistry.pediatric | Beichi Children's Dental | Mo-Su 09:00-21:00
        星际探险乐园 | playcenter | Space Adventure Playland
        小小运动馆 | kidsactivities | Little Athletes Sports Club
        启蒙美术 | artschool | First Steps Art School
        舞动芭蕾 | dancestudio | Wudong Ballet
        黑白棋院 | specialtyschool | Black & White Go School
        奇妙科学馆 | museum.children | Wonder Science Centre
        尚品家居 | homedecor | Shangpin Home
        棉田家纺 | linens | Cotton Field Home Textiles
        厨乐厨具 | tableware | Kitchen Joy Cookware
        小熊电器 | appliances | Bear
        九阳 | appliances | Joyoung
        苏泊尔 | appliances | SUPOR
        乐扣乐扣 | tableware | LocknLock
        必胜客 | pizza | Pizza Hut
        萨莉亚 | italian | Saizeriya
        稻草熊亲子餐厅 | familyrestaurant | Straw Bear Family Restaurant
        童趣甜品 | desserts | Playtime Desserts
        果然鲜榨 | juicebar | Guoran Fresh Juice
        米粒文具 | stationery | Mili Stationery
        快乐积木 | toys | Happy Bricks
        晴天眼镜 | eyewear.opticians | Clear Sky Optical
        小脚丫童鞋 | shoes | Little Feet Kids' Shoes
        花漾童装 | clothing.childrens | Blossom Kidswear
        宝贝成长馆 | kidsactivities | Little Ones Growth Centre
        小象游泳 | swimminginstruction | Little Elephant Swim School
        暖暖家居 | homedecor | Cosy Home
        知了绘画 | artschool | Cicada Art Studio
    """,
    # restaurants and leisure (the cinema is CINEMA)
    "L5": """
        *海底捞 | hotpot | Haidilao | Mo-Su 10:00-02:00
        *西贝莜面村 | chinese | Xibei
        *好乐迪 | karaoke | Haoledi | Mo-Su 12:00-02:00
        麦当劳 | fastfood | McDonald's | Mo-Su 07:00-23:00
        肯德基 | fastfood | KFC | Mo-Su 07:00-23:00
        汉堡王 | burgers | Burger King
        赛百味 | sandwiches | Subway
        *外婆家 | chinese | Grandma's Home
        *绿茶餐厅 | chinese | Green Tea
        太二酸菜鱼 | chinese.szechuan | Tai Er Sauerkraut Fish
        鼎泰丰 | dumplings | Din Tai Fung
        南京大牌档 | chinese | Nanjing Impressions
        小龙坎 | hotpot | Xiaolongkan
        呷哺呷哺 | hotpot | Xiabuxiabu
        凑凑火锅 | hotpot | COUCOU
        巴奴毛肚火锅 | hotpot | BANU
        味千拉面 | japanese.ramen | Ajisen Ramen
        一风堂 | japanese.ramen | IPPUDO
        吉野家 | japanese.gyudon | Yoshinoya
        寿司郎 | conveyorsushi | Sushiro
        点都德 | chinese.dimsum | Dian Dou De
        陶陶居 | chinese.cantonese | Tao Tao Ju
        费大厨辣椒炒肉 | chinese.hunan | Chef Fei Chilli Pork
        云海肴 | chinese | Yunhaiyao
        新白鹿 | chinese | Xin Bai Lu
        望湘园 | chinese.hunan | Wang Xiang Yuan
        九毛九 | chinese | Jiumaojiu
        避风塘 | chinese.cantonese | Bi Feng Tang
        韩宫宴 | korean | Han Gong Yan
        汉拿山 | korean | Hallasan
        很久以前羊肉串 | barbecue | Long Time Ago Lamb Skewers
        西堤牛排 | steak | Westeak
        达美乐比萨 | pizza | Domino's
        奈雪的茶 | bubbletea | Nayuki
        蜜雪冰城 | bubbletea | MIXUE
        冰雪皇后 | icecream | Dairy Queen
        和府捞面 | noodles | Hefu Noodles
        遇见小面 | noodles | Yujian Xiaomian
        杨国福麻辣烫 | chinese | Yang Guo Fu Malatang
        喜家德虾仁水饺 | dumplings | Xijiade Shrimp Dumplings
        探鱼 | chinese.szechuan | Tanyu Grilled Fish
        大渔铁板烧 | japanese.teppanyaki | Dayu Teppanyaki
        汐见日本料理 | japanese | Shiomi Japanese Restaurant
        泰香米泰国餐厅 | thai | Jasmine Rice Thai Restaurant
        *大玩家电玩城 | arcade | Dawanjia Arcade
        真功夫 | fastfood | Real Kungfu
        老乡鸡 | fastfood | Lao Xiang Ji
    """,
}


def _parse(text):
    entries, big = [], []
    for line in text.strip().splitlines():
        fields = [f.strip() or None for f in line.split("|")] + [None] * 3
        name, category, en, hours = fields[:4]
        if en is None:
            raise ValueError(f"mall_shops.py: {name} has no English name (the third field)")
        if name.startswith("*"):
            name = name[1:]
            big.append(name)
        entries.append((name, category, en, hours))
    return entries, big


FLOORS, BIG = {}, {}
for _level, _text in _FLOORS.items():
    FLOORS[_level], BIG[_level] = _parse(_text)
