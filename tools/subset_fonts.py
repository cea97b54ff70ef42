"""Subset the Noto fonts the game bundles into ``assets/fonts/``.

Sources are Debian's font packages (SIL Open Font License 1.1)::

    apt-get install -y fonts-noto-core fonts-noto-cjk
    pip install "fonttools>=4.50"
    python tools/subset_fonts.py

Writes NotoSans-Regular/Bold.ttf (Latin, Vietnamese, Hungarian, punctuation,
arrows, card suits), NotoSansSC-Regular/Bold.otf (the same plus CJK punctuation,
full-width forms, a fixed list of common Chinese characters and every character
of the message catalogues), and OFL.txt. Re-run it after editing
``spider/text/locales/*.json`` so that new characters are included.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "spider" / "text" / "locales"
OUT_DIR = ROOT / "assets" / "fonts"

LATIN_DIRS = (Path("/usr/share/fonts/truetype/noto"),)
# Fonts of the same family that supply what Noto Sans lacks, first match wins.
SYMBOL_FONTS = {
    "Regular": (
        "NotoSansSymbols-Regular.ttf",
        "NotoSansSymbols2-Regular.ttf",
        "NotoSansMath-Regular.ttf",
    ),
    "Bold": (
        "NotoSansSymbols-Bold.ttf",
        "NotoSansSymbols2-Regular.ttf",
        "NotoSansMath-Regular.ttf",
    ),
}

Face = tuple[Path, int]  # a font file and its face number in a collection (-1: not one)

CJK_DIRS = (Path("/usr/share/fonts/opentype/noto"), Path("/usr/share/fonts/truetype/noto"))
LICENCE_SOURCES = (
    Path("/usr/share/doc/fonts-noto-cjk/copyright"),
    Path("/usr/share/doc/fonts-noto-core/copyright"),
)

# Inclusive code point ranges shared by both faces.
LATIN_RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A (Hungarian ő ű)
    (0x0180, 0x024F),  # Latin Extended-B (Vietnamese ơ ư)
    (0x0300, 0x036F),  # combining diacritical marks
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x206F),  # General Punctuation
    (0x2190, 0x21FF),  # Arrows
    (0x2660, 0x2667),  # card suits
)
LATIN_EXTRA = "×÷–—…•✓✕"
# The language menu shows each language by its own name, in any interface language.
LANGUAGE_NAMES = "English Tiếng Việt Magyar 中文"

CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
)

# Common simplified Chinese characters kept even when no catalogue uses them yet,
# so that small catalogue edits rarely need a re-run. Game and UI vocabulary first,
# then frequent general characters. Duplicates are harmless.
COMMON_HANZI = """
蜘蛛纸牌新游戏重开始撤销做提示发设置统计帮助关于退出单双四花色黑桃红心方块梅难度初中高级
分数移动步时间胜利恭喜你赢了再来一局音效声全屏语言画速快慢正常主题卡背景颜保存载入继续确定
取消是否暂停已完成无法没有可用的连最长佳平均率玩失败放弃置清除历史记录日期编号代码复制粘贴
输自规则键盘捷鼠标点击拖窗口显隐藏字体大小缩版本许作者致谢星年月分钟秒零二三五六七八九十
百千万第张组列堆副把次个错误警告信息选项确认返回下上左右前后页菜单文件打印帧率操作系统
正在请稍候加载成功通知简繁英越匈牙利汉
的一是不了在人有我他这们来为和国地到以说时要就出会可也对生能而子那得着下自之年过发后里用道
行所然家种事方多经么去学如都同现当没面起看天还进好部其些主样理她因只从想实民军者意力它与把
机使情明性知全又关业外将两高由问很最重并物手应战向头政美相见被什等产或己制身果加西斯话合回
特内表化老给世位度门任常先海通教儿原东提立及比员解水名真论处走义各几认条平系气活尔更别打女
变神总何电安少报才结反受目太量感建务接必场件管市直德资命山金指克许区保至队形社便空决治展马
科司基眼书非则听白却界达光放强即像且权思王象设式路南品住告类求据程北边死该交万取拉格望觉术
领共确传师观今切院让识候带导争运笑飞风步改收根干造联持每济车亲极林服办议往元士证近失转夫令
准布怎呢存未远叫台影具罗爱流备兵调深商算质团集需价党华城石整府离况亚技际约复病息究线似官火
断精满支视越器容照须增研写称企功吗包片委乎查轻易早曾除农找装广吧阿李谈吃图念引历首医局突专
费号尽另周较注仅考落青随列武响虽推势参希古众构房半节土投某案维革划敌致陈律足态护兴派孩验责
营够章跟志底站严巴例防族供续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗境客纪
采举杀攻父苏密低朝友诉止细愿值仍男钱破网热倒育属坐帝限船脸职刻乐刚威毛状甚独球般普怕弹校苦
创假久承印晚兰试股拿脑预谁益阳若哪微尼送急血惊伤素药适波夜省初卫源食险待述陆习居劳财环排福
纳欢雷获模充负云木龙树疑层冷洲冲射略范竟句室异激村哈策演罪判担州静既衣您宗积余痛检差富灵协
角占配征修皮挥降阶审沉坚善妈刘读啊超免压银买皇养伊怀执乱抗犯追宣佛岁航优怪香著田铁控税份穿
艺阵草脚概恶顿敢守酒岛托央户烈洋哥索胡款靠评宝座释顾弟登货互付伯欧换闻危忙核暗姐介坏讨丽良
序升监临亮露永呼味野架域沙掉括舰鱼杂湾吉减编楚肯测屋跑梦散温困剑渐封救贵枪缺楼县尚毫娘朋班
智亦耳恩短掌恐遗固席松秘鲁遇康虑幸销钟诗赶剧票损忽巨炮旧端探湖叶春乡附吸予礼港雨呀板庭妇归
睛饭额含顺摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸洛健堂
旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁诸训私庄祖丝
翻暴森塔默握熟骨访弱蒙歌店鬼软典欲萨伙遭爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣曲刀床迎冰虚析醒妻
透购替塞努休虎扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震甲伟麻川申缓潜闪售灯针哲络抵朱埃抱
鼓植纯夏忍杰筑折郑贝尊吴秀混臣雅振染盛怒舞圆搞狂措姓残秋培迷诚宽宇猛摆毁伸摩盟末乃悲拍丁赵
硬麦蒋操耶阻订彩抽赞魔纷沿喊违妹浪汇币丰蓝殊献桌啦瓦莱援译夺汽烧距裁偏符勇触课敬哭懂墙袭召
罚侠厅拜巧侧韩冒债曼融惯享戴童犹乘挂奖绍厚纵障讯涉彻刊丈爆乌役描洗玛患妙镜唱烦签仙彼弗症仿
倾陷鸟轰咱菜闭奋庆泪茶疾缘播朗杜奶季丹狗尾仪偷奔珠虫驻孔宜艾桥淡翼恨繁寒伴叹旦愈潮粮罢聚径
恰挑袋灰捕徐珍幕映裂泰隔启尖忠累炎估泛荒偿横拒瑞忆孤鼻闹羊呆厉衡胞穷舍赫婆魂灾洪腿胆津俗辩
胸晓劲贫仁偶辑邦恢赖圈摸仰润碰艇稍迟辆废净凶署壁御奉旋冬矿抬蛋晨伏吹鸡倍糊秦盾杯租骑乏隆诊
奴摄丧污渡旗甘耐凭扎抢绪粗肩梁幻菲皆碎宙叔岩荡综爬荷悉蒂返井壮薄悄扫敏碍殖详迪矛霍允幅撒剩
凯颗骂赏液番箱贴漫酸郎腰舒眉忧浮辛恋餐吓挺励辞艘伍峰尺昨黎辈贯侦滑券崇扰宪绕趋慈乔阅汗枝墨
胁插箭腊粉泥氏彭拔骗凤慧媒佩愤扑龄驱惜豪掩兼跃尸肃帕驶堡届欣惠册储飘桑闲惨洁踪勃宾频仇磨递
邪撞拟滚奏巡剂绩贡疯坡瞧截燃焦殿伪柳锁逼颇昏劝呈搜勤戒驾漂饮曹朵仔柔俩孟腐幼践籍牧凉牲娜浓
芳稿竹腹跌逻垂遵脉貌柏狱猜怜惑陶兽帐饰贷昌叙躺钢沟寄扶铺邓寿惧询汤盗肥尝匆辉奈扣廷澳嘛董迁
凝慰厌脏腾幽怨鞋丢埋泉涌辖躲晋紫艰魏吾慌祝邮吐狠鉴曰械咬邻赤挤弯椅陪割揭韦悟聪雾锋梯猫祥阔
誉筹丛牵鸣沈阁穆屈旨袖猎臂蛇贺柱抛鼠瑟戈牢逊迈欺吨琴衰瓶恼燕仲诱狼池疼卢仗冠粒遥吕玄尘冯抚
浅敦纠钻晶岂峡苍喷耗凌敲菌赔涂粹扁亏寂煤熊恭湿循暖糖赋抑秩帽哀宿踏烂袁侯抖夹昆肝擦猪炼恒慎
搬纽纹玻渔磁铜齿跨押怖漠疲叛遣兹祭醉拳弥斜档稀捷肤疫肿豆削岗晃吞宏癌肚隶履涨耀扭坛拨沃绘伐
堪仆郭牺歼墓雇廉契拼惩捉覆刷劫嫌瓜歇雕闷乳串娃缴唤莲霸桃妥瘦搭赴岳嘉舱俊址庞耕锐缝悔邀玲惟
"""

_CJK_CHAR = re.compile(
    r"[\u2E80-\u2FDF\u3000-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\U00020000-\U0003FFFF]"
)


def expand(ranges: Iterable[tuple[int, int]]) -> set[int]:
    return {cp for first, last in ranges for cp in range(first, last + 1)}


def catalogue_strings(value: object) -> Iterator[str]:
    """Every string value inside a decoded JSON document, recursively."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from catalogue_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from catalogue_strings(item)


def catalogue_chars(locales: Path) -> dict[str, set[int]]:
    """Code points used by each message catalogue, by language code (none yet: empty)."""
    chars: dict[str, set[int]] = {}
    for path in sorted(locales.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        used = chars.setdefault(path.stem, set())
        for text in catalogue_strings(document):
            used.update(ord(ch) for ch in text if ch.isprintable())
    return chars


def find_file(name: str, dirs: Iterable[Path]) -> Path:
    for directory in dirs:
        if (directory / name).is_file():
            return directory / name
    searched = ", ".join(str(d) for d in dirs)
    sys.exit(f"{name} not found in {searched}: apt-get install -y fonts-noto-core fonts-noto-cjk")


def collection_index(path: Path, postscript_name: str) -> int:
    """Index of the face named ``postscript_name`` (name ID 6) in a .ttc collection."""
    collection = TTCollection(str(path), lazy=True)
    for index, face in enumerate(collection.fonts):
        if face["name"].getDebugName(6) == postscript_name:
            return index
    sys.exit(f"{postscript_name} is not in {path}")


def subset_options() -> subset.Options:
    options = subset.Options()
    options.hinting = False  # --no-hinting: smaller, and FreeType's autohinter does well
    options.notdef_outline = True  # a missing glyph shows as a box, not nothing
    options.name_IDs = ["*"]  # keep copyright, licence and trademark notices
    options.name_languages = [0x0409]
    options.layout_features = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "calt", "rlig"]
    options.drop_tables += ["DSIG", "BASE", "VORG", "vhea", "vmtx", "gasp"]
    return options


def add_fallback_glyphs(font: TTFont, wanted: set[int], donors: Iterable[Face]) -> str:
    """Copy glyphs for ``wanted`` code points that ``font`` (TrueType) lacks from ``donors``.

    Noto Sans has no arrows, card suits or check marks: the Noto symbol fonts have
    them on the same 1000-unit grid. The language menu's "中文" comes from the CJK
    face, its cubic outlines converted to quadratic ones. Composite glyphs are
    decomposed. Returns the characters added.
    """
    missing = sorted(cp for cp in wanted if cp not in font.getBestCmap())
    added: list[str] = []
    order = font.getGlyphOrder()
    for path, number in donors:
        if not missing:
            break
        donor = TTFont(str(path), fontNumber=number, lazy=True)
        if donor["head"].unitsPerEm != font["head"].unitsPerEm:
            continue
        donor_cmap = donor.getBestCmap()
        glyphs = donor.getGlyphSet()
        for cp in [cp for cp in missing if cp in donor_cmap]:
            source_name = donor_cmap[cp]
            recording = DecomposingRecordingPen(glyphs)
            glyphs[source_name].draw(recording)
            pen = TTGlyphPen(None)
            if "CFF " in donor:  # PostScript outlines run the other way round
                recording.replay(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
            else:
                recording.replay(pen)
            glyph = pen.glyph()
            glyph.recalcBounds(font["glyf"])
            name = f"uni{cp:04X}"
            order.append(name)
            font["glyf"][name] = glyph
            lsb = glyph.xMin if glyph.numberOfContours else 0
            font["hmtx"][name] = (donor["hmtx"][source_name][0], lsb)
            for table in font["cmap"].tables:
                if table.isUnicode():
                    table.cmap[cp] = name
            missing.remove(cp)
            added.append(chr(cp))
    font.setGlyphOrder(order)
    return "".join(added)


def write_subset(
    source: Face, target: Path, chars: set[int], donors: Iterable[Face] = ()
) -> set[int]:
    """Subset one face to ``chars``; returns the code points the result covers."""
    path, number = source
    # Keep the source's timestamp so that re-running with no changes rewrites identical bytes.
    font = TTFont(str(path), fontNumber=number, recalcTimestamp=False)
    added = add_fallback_glyphs(font, chars, donors) if "glyf" in font else ""
    subsetter = subset.Subsetter(options=subset_options())
    subsetter.populate(unicodes=sorted(chars))
    subsetter.subset(font)
    font.save(str(target))
    covered = set(font.getBestCmap())
    kib = target.stat().st_size / 1024
    print(f"{target.name:24} {len(covered):5d} chars {kib:8.1f} KiB")
    if added:
        print(f"    {len(added)} glyphs added from other Noto fonts, e.g. {added[:12]}")
    return covered


def licence_text() -> str:
    """The OFL text, taken from the stand-alone licence paragraph of a Debian copyright file."""
    heading = re.compile(r"License: (SIL|OFL)-1\.1$")
    for source in LICENCE_SOURCES:
        if not source.is_file():
            continue
        lines = source.read_text(encoding="utf-8").splitlines()
        for start, line in enumerate(lines):
            if not heading.match(line):
                continue
            body: list[str] = []
            for text in lines[start + 1 :]:
                if not text.startswith(" "):
                    break
                body.append("" if text.strip() == "." else text[1:])
            if len(body) > 20:  # the full text, not a one-line reference in a Files stanza
                return "\n".join(body).strip("\n") + "\n"
    sys.exit("OFL text not found: apt-get install -y fonts-noto-core fonts-noto-cjk")


def notices(sources: Iterable[Face]) -> str:
    """Copyright and trademark notices of the source fonts, one line each."""
    lines: list[str] = []
    for path, number in sources:
        names = TTFont(str(path), fontNumber=number, lazy=True)["name"]
        for text in (f"{names.getDebugName(1)}: {names.getDebugName(0)}", names.getDebugName(7)):
            if text and text not in lines:
                lines.append(text)
    return "\n".join(lines)


def report_gaps(label: str, needed: set[int], covered: set[int]) -> None:
    """Warn about catalogue characters that the face the game uses for them lacks."""
    lacking = "".join(chr(cp) for cp in sorted(needed - covered) if not chr(cp).isspace())
    if lacking:
        print(f"WARNING: {label}: no glyph for {lacking!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    # The game draws Chinese catalogues with the SC face and the others with Noto Sans;
    # language names appear in their own script whatever the interface language.
    catalogues = catalogue_chars(LOCALES)
    names = {ord(ch) for ch in LANGUAGE_NAMES}
    zh_used = set().union(*(c for lang, c in catalogues.items() if lang.startswith("zh"))) | names
    other_used = set().union(*(c for lang, c in catalogues.items() if not lang.startswith("zh")))
    other_used |= names
    all_hanzi = {cp for cp in zh_used | other_used if _CJK_CHAR.match(chr(cp))}

    latin = expand(LATIN_RANGES) | {ord(ch) for ch in LATIN_EXTRA}
    hanzi = {ord(ch) for ch in COMMON_HANZI if _CJK_CHAR.match(ch)}
    latin_face = latin | other_used
    sc_face = latin | expand(CJK_RANGES) | hanzi | all_hanzi | zh_used
    print(f"catalogues: {', '.join(catalogues) or 'none yet'}; common hanzi: {len(hanzi)}")

    sources: list[Face] = []
    for weight in ("Regular", "Bold"):
        noto_sans = (find_file(f"NotoSans-{weight}.ttf", LATIN_DIRS), -1)
        collection = find_file(f"NotoSansCJK-{weight}.ttc", CJK_DIRS)
        noto_sc = (collection, collection_index(collection, f"NotoSansCJKsc-{weight}"))
        symbols = [(LATIN_DIRS[0] / name, -1) for name in SYMBOL_FONTS[weight]]
        symbols = [face for face in symbols if face[0].is_file()]

        covered = write_subset(
            noto_sans, out / f"NotoSans-{weight}.ttf", latin_face, donors=[*symbols, noto_sc]
        )
        report_gaps(f"NotoSans-{weight}", other_used, covered)
        covered = write_subset(noto_sc, out / f"NotoSansSC-{weight}.otf", sc_face)
        report_gaps(f"NotoSansSC-{weight}", zh_used, covered)
        sources += [noto_sans, *symbols, noto_sc]

    header = (
        "These fonts are subsets of the following Noto fonts, made by tools/subset_fonts.py.\n"
    )
    text = f"{header}\n{notices(sources)}\n\n{licence_text()}"
    (out / "OFL.txt").write_text(text, encoding="utf-8")
    print("OFL.txt written")


if __name__ == "__main__":
    main()
