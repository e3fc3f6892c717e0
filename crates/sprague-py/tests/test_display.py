"""What a notebook shows: values in CGSuite's notation, an analysis with its
thermograph and game tree, a table as a grid, a table as a DataFrame.

Every figure shown is checked against the engine's own answers for the
same positions (``analyze``), against definitions (1 = {0|}, * = {0|0},
^ = {0|*}) or against CGSuite's notation as its sources define it."""

import html
import json
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

import sprague
from conftest import REPO, sprague_binary
from sprague.display import value_html


# CGSuite's graphical symbols (lib/core/src/main/scala/org/cgsuite/output/
# StyledTextOutput.java, Symbol: UP, DOUBLE_UP, DOWN, DOUBLE_DOWN, STAR,
# PLUS_MINUS, TINY, MINY) and how it places an up-nth's index (Uptimal.scala:
# superscript for an up, subscript for a down, the angle brackets plain text
# only) and a fraction (RationalNumber.scala: numerator and denominator).
@pytest.mark.parametrize(
    "text, shown",
    [
        ("^", "↑"),
        ("^^*", "⇑*"),
        ("v", "↓"),
        ("vv*3", "⇓*3"),
        ("^3", "↑3"),
        ("{1|v3}", "{1|↓3}"),
        ("^<2>", "↑<sup>2</sup>"),
        ("v<2>*", "↓<sub>2</sub>*"),
        ("^[4]", "↑<sup>[4]</sup>"),
        ("3/8", "<sup>3</sup>&frasl;<sub>8</sub>"),
        ("-1/2v", "-<sup>1</sup>&frasl;<sub>2</sub>↓"),
        ("Tiny(2)", "+<sub>2</sub>"),
        ("Miny(3/2)", "&minus;<sub><sup>3</sup>&frasl;<sub>2</sub></sub>"),
        ("±1", "±1"),
        # Words stay words: the `v` of `over` is not a down arrow.
        ("over", "over"),
        ("5over", "5over"),
        ("3/2under", "<sup>3</sup>&frasl;<sub>2</sub>under"),
        ("1 & 0", "1 &amp; 0"),
        ("^[on]*", "↑<sup>[on]</sup>*"),
    ],
)
def test_a_value_is_shown_in_cgsuite_notation(text, shown):
    assert value_html(text) == shown


def test_a_deeply_nested_value_is_shown_without_recursion():
    text = "Tiny(" * 5000 + "1" + ")" * 5000
    shown = value_html(text)
    assert shown.count("+<sub>") == 5000 and shown.count("</sub>") == 5000


def test_value_is_the_engines_value_as_a_str():
    up = sprague.value("{0|*}")  # ^ = {0|*} by definition
    assert isinstance(up, str) and isinstance(up, sprague.Value)
    assert up == "^" == sprague.analyze("{0|*}")["value"]
    assert up._repr_html_().endswith(">↑</span>")
    assert 'title="^"' in up._repr_html_()  # the text that reads back
    assert json.dumps({"v": up}) == '{"v": "^"}'


def test_value_of_a_bad_position_raises_value_error_with_its_span():
    with pytest.raises(ValueError) as e:
        sprague.value("nim(3, x)")
    assert e.value.span == (7, 8)


def test_canonical_returns_a_value():
    v = sprague.canonical(lambda n: [n - 1] if n else [], lambda n: [], 3)
    assert v == "3" and isinstance(v, sprague.Value)
    figures = sprague.canonical(lambda n: [n - 1] if n else [], lambda n: [], 3, figures=True)
    assert isinstance(figures, dict) and figures["value"] == "3"


def test_an_analysis_is_the_dict_of_the_json():
    a = sprague.analyze("{2|-1}")
    assert isinstance(a, dict) and isinstance(a, sprague.Analysis)
    assert json.loads(json.dumps(a)) == a


# The thermograph of {2|-1} (Winning Ways, ch. 6): walls from the stops 2
# and -1 meet at temperature 3/2, the mast at the mean 1/2.
def test_the_thermograph_is_the_librarys_drawing():
    picture = sprague.analyze("{2|-1}").thermograph()
    assert isinstance(picture, sprague.Picture)
    svg = picture._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert 'data-value="1/2" data-temperature="3/2"' in svg
    assert 'class="left-wall"' in svg and 'class="right-wall"' in svg
    # Many on one notebook page: no id that would repeat.
    assert " id=" not in svg.split(">", 1)[0]
    assert "Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])" in repr(picture)


def test_the_thermograph_is_the_one_the_cli_plots(tmp_path):
    """The same drawing as `sprague analyze --plot` (which stacks the
    thermograph, the tree and a title): every shape of the thermograph is
    in the CLI's SVG, shifted by where the CLI places it."""
    cli = sprague_binary()
    out = tmp_path / "t.svg"
    subprocess.run([cli, "analyze", "{2|-1}", "--plot", str(out)], check=True,
                   capture_output=True)
    plotted = out.read_text()
    svg = sprague.analyze("{2|-1}").thermograph().svg
    for text in re.findall(r"<text[^>]*>([^<]+)</text>", svg):
        assert html.unescape(text) in html.unescape(plotted)


def test_no_thermograph_under_misere_play():
    a = sprague.analyze("nim(3, 6, 9)", misere=True)
    assert a.thermograph() is None
    with pytest.raises(ValueError, match="misère"):
        a.tree()


def nodes_of(tree):
    return [(v, p, s) for v, p, s, _, _ in tree.nodes]


def test_the_tree_of_a_value_follows_the_definitions():
    # {1|*}: 1 = {0|}, * = {0|0}.
    tree = sprague.value("{1|*}").tree(depth=2)
    assert nodes_of(tree) == [
        ("{1|*}", None, ""),
        ("1", 0, "L"),
        ("*", 0, "R"),
        ("0", 1, "L"),
        ("0", 2, "L"),
        ("0", 2, "R"),
    ]
    counts = [(l, r) for _, _, _, l, r in tree.nodes]
    assert counts == [(1, 1), (1, 0), (1, 1), (0, 0), (0, 0), (0, 0)]
    assert str(tree) == "{1|*}\n  L: 1\n    L: 0\n  R: *\n    L: 0\n    R: 0"


def test_the_tree_is_bounded_in_depth_and_nodes():
    assert nodes_of(sprague.value("{1|*}").tree(depth=1)) == [
        ("{1|*}", None, ""), ("1", 0, "L"), ("*", 0, "R")
    ]
    assert nodes_of(sprague.value("{1|*}").tree(depth=0)) == [("{1|*}", None, "")]
    # *1000000 has a million options each side; the tree lists five nodes.
    tree = sprague.value("nim(1000000)").tree(depth=2, max_nodes=5)
    assert [v for v, _, _ in nodes_of(tree)] == ["*1000000", "0", "*", "*2", "*3"]
    assert tree.nodes[0][3:] == (1000000, 1000000)
    svg = tree._repr_svg_()
    assert ">+999996</text>" in svg and ">+1000000</text>" in svg
    with pytest.raises(ValueError, match="depth 9"):
        sprague.value("*").tree(depth=9)
    with pytest.raises(ValueError, match="max_nodes"):
        sprague.value("*").tree(max_nodes=0)


def test_the_tree_is_drawn_edge_by_edge_without_crossings():
    """Every edge runs from its node's label to its option's, blue for
    Left and red for Right; a node's Left options are all left of its Right
    options, and along each row the labels come in the tree's order, so no
    two edges cross."""
    tree = sprague.value('domineering("...|...")').tree(depth=3, max_nodes=100)
    svg = tree.svg()
    labels = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*class="option">', svg)
    assert len(labels) == len(tree.nodes)
    at = [(float(x), float(y)) for x, y in labels]
    edges = re.findall(
        r'<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)" y2="[\d.]+" '
        r'stroke="(#[0-9a-f]+)"[^>]*class="(left|right)-option"', svg)
    assert len(edges) == len(tree.nodes) - 1
    for i, (x1, x2, colour, side) in enumerate(edges, start=1):
        parent, node_side = tree.nodes[i][1], tree.nodes[i][2]
        assert (float(x1), float(x2)) == (at[parent][0], at[i][0])
        assert side[0].upper() == node_side and colour == {"L": "#2956b2", "R": "#c0392b"}[node_side]
    for p, kids in enumerate(tree.children()):
        lefts = [at[k][0] for k in kids if tree.nodes[k][2] == "L"]
        rights = [at[k][0] for k in kids if tree.nodes[k][2] == "R"]
        assert not lefts or not rights or max(lefts) < min(rights)
    rows = {}
    for x, y in at:
        rows.setdefault(y, []).append(x)
    assert all(xs == sorted(xs) and len(set(xs)) == len(xs) for xs in rows.values())


def test_a_bad_node_list_is_refused():
    with pytest.raises(ValueError, match="root"):
        sprague._sprague.tree_svg([])
    with pytest.raises(ValueError, match="node 1"):
        sprague._sprague.tree_svg([("0", None, "", 0, 0), ("0", 1, "L", 0, 0)])
    with pytest.raises(ValueError, match="node 1"):
        sprague._sprague.tree_svg([("*", None, "", 1, 1), ("0", 0, "X", 0, 0)])


def test_a_loopy_value_has_no_tree():
    with pytest.raises(ValueError, match="loopy"):
        sprague.value("{0|pass}").tree()


@pytest.mark.parametrize(
    "position",
    ['domineering("...|...")', "cut(3, 5)", "euclid(3, 7)", "{2||1|0}", "nim(3) + ^",
     "subtraction[1,3|2,3](6)"],
)
def test_each_node_is_the_game_of_its_options(position):
    """Brute force over the tree: every node whose options are all shown is
    the game {its Left options | its Right options}, valued again by the
    engine from that text; and the root is the position's value."""
    tree = sprague.Value(sprague.value(position)).tree(depth=3, max_nodes=200)
    assert tree.nodes[0][0] == sprague.analyze(position)["value"]
    kids = tree.children()
    checked = 0
    for i, (value, _, _, left, right) in enumerate(tree.nodes):
        shown = [tree.nodes[k] for k in kids[i]]
        if not shown or len(shown) != left + right:
            continue
        lefts = [n[0] for n in shown if n[2] == "L"]
        rights = [n[0] for n in shown if n[2] == "R"]
        assert sprague.value("{" + ", ".join(lefts) + " | " + ", ".join(rights) + "}") == value
        checked += 1
    assert checked >= 1


class Cells(HTMLParser):
    """The rows of an HTML table: each row's header and its cells, each
    cell as (text, title, style)."""

    def __init__(self):
        super().__init__()
        self.rows, self.cell, self.header = [], None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.rows.append([None, []])
        elif tag == "br" and self.cell is not None:
            self.cell[1] += "\n"
        elif tag in ("td", "th") and self.rows:
            self.cell = [tag, "", attrs.get("title"), attrs.get("style", "")]

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            kind, text, title, style = self.cell
            if kind == "th" and not self.rows[-1][1] and self.rows[-1][0] is None:
                self.rows[-1][0] = text
            elif kind == "td":
                self.rows[-1][1].append((text, title, style))
            self.cell = None

    def handle_startendtag(self, tag, attrs):
        if tag == "br" and self.cell is not None:
            self.cell[1] += "\n"

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[1] += data


def cells(markup):
    parser = Cells()
    parser.feed(markup)
    return [(h, c) for h, c in parser.rows if c]


def test_a_one_heap_table_is_a_grid_of_the_values_of_analyze():
    t = sprague.table("kayles", to=25)
    assert isinstance(t, sprague.Table) and isinstance(t, dict)
    rows = cells(t._repr_html_())
    assert [int(h) for h, _ in rows] == [0, 10, 20]  # ten heaps a row
    assert [len(c) for _, c in rows] == [10, 10, 6]
    for first, row in rows:
        for k, (text, title, _) in enumerate(row):
            n = int(first) + k
            assert title.startswith(f"n = {n}")
            assert int(text) == sprague.analyze(f"kayles({n})")["grundy"]


def test_a_periodic_table_is_laid_out_by_its_period():
    # octal[0.07] (Dawson's Kayles): period 34 from heap 53, Winning Ways.
    t = sprague.table("octal[0.07]", period=True)
    rows = cells(t._repr_html_())
    assert {len(c) for _, c in rows[:-1]} == {34}
    assert "period 34" in t._repr_html_() and "(certified)" in t._repr_html_()
    flat = [int(text) for _, row in rows for text, _, _ in row]
    assert flat == t["values"]


def test_a_misere_table_shows_the_genus_under_each_value():
    t = sprague.table("kayles", to=9, misere=True)
    rows = cells(t._repr_html_())
    shown = [text.split("\n") for _, row in rows for text, _, _ in row]
    for n, (value, genus) in enumerate(shown):
        a = sprague.analyze(f"kayles({n})", misere=True)["misere"]
        assert (int(value), genus) == (a["grundy"], a["genus"])


def test_a_grid_table_has_each_cells_value_and_outcome_colour():
    t = sprague.table("cut", to=(3, 4))
    rows = cells(t._repr_html_())
    assert [int(h) for h, _ in rows] == [1, 2, 3]  # cut's first cell is (1, 1)
    colours = {"L": "#d6e0f3", "R": "#f4d5d1", "N": "#fbefc4", "P": "#ffffff"}
    for a, row in rows:
        for j, (text, title, style) in enumerate(row):
            b = j + 1
            answer = sprague.analyze(f"cut({a}, {b})")
            assert text == answer["value"]
            assert title == f"({a}, {b}): {answer['value']}, outcome {answer['outcome']}"
            assert colours[answer["outcome"]] in style


def test_an_impartial_grid_is_coloured_by_grundy_value():
    t = sprague.table("wythoff", to=(6, 6))
    rows = cells(t._repr_html_())
    zeros = [(int(a), j) for a, row in rows for j, (text, _, _) in enumerate(row) if text == "0"]
    grey = [(int(a), j) for a, row in rows for j, (_, _, s) in enumerate(row) if "#cfd4dc" in s]
    assert zeros == grey
    for a, b in zeros:
        assert sprague.analyze(f"wythoff({a}, {b})")["outcome"] == "P"


def test_a_long_table_shows_its_first_cells_and_says_so():
    t = sprague.table("kayles", to=9999)
    markup = t._repr_html_()
    assert "the first 2500 of 10000 cells shown" in markup
    assert sum(len(c) for _, c in cells(markup)) == 2500


def test_to_pandas_of_a_one_heap_table():
    pd = pytest.importorskip("pandas", reason="pandas is the optional extra sprague[pandas]")
    t = sprague.table("kayles", frm=5, to=30)
    df = t.to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert df.index.name == "n" and list(df.index) == list(range(5, 31))
    for n in (5, 17, 30):
        assert df.loc[n, "value"] == sprague.analyze(f"kayles({n})")["grundy"]


def test_to_pandas_of_a_misere_table_has_the_genus():
    pytest.importorskip("pandas", reason="pandas is the optional extra sprague[pandas]")
    df = sprague.table("kayles", to=9, misere=True).to_pandas()
    assert list(df.columns) == ["value", "genus"]
    assert df.loc[5, "genus"] == sprague.analyze("kayles(5)", misere=True)["misere"]["genus"]


def test_to_pandas_of_a_grid_is_the_cli_csv_pivoted():
    pytest.importorskip("pandas", reason="pandas is the optional extra sprague[pandas]")
    df = sprague.table("euclid", to=(6, 6)).to_pandas()
    assert (df.index.name, df.columns.name) == ("a", "b")
    for a, b in [(1, 2), (2, 3), (4, 6), (5, 3)]:
        assert df.loc[a, b] == sprague.analyze(f"euclid({a}, {b})")["value"]


def test_to_pandas_without_pandas_says_which_extra(tmp_path):
    # A fresh interpreter in which `import pandas` fails, as where it is not
    # installed.
    code = (
        "import sys; sys.modules['pandas'] = None\n"
        "import sprague\n"
        "try:\n"
        "    sprague.table('kayles', to=5).to_pandas()\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    message = out.stdout.strip()
    assert "sprague[pandas]" in message and "\n" not in message


def test_the_analysis_shows_value_outcome_moves_thermograph_and_tree():
    a = sprague.analyze("{2|-1}", all=True)
    markup = a._repr_html_()
    assert "<code>{2|-1}</code>" in markup
    assert "<b>N</b>" in markup
    for move in a["winning_moves"]:
        assert html.escape(move["description"]) in markup
    assert markup.count("<svg") == 2 and 'class="game-tree"' in markup
    assert "<sup>1</sup>&frasl;<sub>2</sub>" in markup  # the mean, 1/2
    # An impartial position: its Grundy value too.
    nim = sprague.analyze("nim(3, 6, 9)")._repr_html_()
    assert "Grundy value</th><td style=\"text-align:left\">12<" in nim


def test_a_misere_or_loopy_analysis_shows_without_pictures():
    misere = sprague.analyze("nim(3, 6, 9)", misere=True)._repr_html_()
    assert "misère" in misere and "<svg" not in misere and "game-tree" not in misere
    assert "12^(12)" in misere  # the genus of analyze's JSON
    loopy = sprague.analyze("{0|pass}")._repr_html_()
    assert ">over<" in loopy and "game-tree" not in loopy


def test_a_long_value_is_shown_cut_with_its_length():
    from sprague.display import MAX_SHOWN
    text = "{" * 3000 + "0|0" + "}" * 3000
    shown = sprague.Value(text)._repr_html_()
    assert f"({len(text)} characters in all)" in shown
    assert len(shown) < 3 * MAX_SHOWN


def test_a_loopy_impartial_analysis_has_no_tree():
    a = sprague.analyze(f'graph["{REPO / "games" / "words.txt"}"]("aseptic")')
    assert a["value"].startswith("∞")
    with pytest.raises(ValueError, match="loopy"):
        a.tree()
    assert a.thermograph() is None and "game-tree" not in a._repr_html_()
