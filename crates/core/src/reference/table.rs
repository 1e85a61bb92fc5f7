//! The entries of the language reference, in the order the book's reference chapter shows them.

use super::{Entry, Kind, Scope};

const fn entry(word: &'static str, kind: Kind, parent: &'static str, form: &'static str) -> Entry {
    Entry { word, kind, parent, form, meaning: "", example: "", words: &[], scope: Scope::Everywhere }
}

const fn section(word: &'static str, form: &'static str) -> Entry {
    entry(word, Kind::Section, "game", form)
}

const fn statement(section: &'static str, word: &'static str, form: &'static str) -> Entry {
    entry(word, Kind::Statement, section, form)
}

const fn value(word: &'static str, form: &'static str) -> Entry {
    entry(word, Kind::Value, "", form)
}

impl Entry {
    const fn means(mut self, meaning: &'static str) -> Self {
        self.meaning = meaning;
        self
    }

    const fn example(mut self, example: &'static str) -> Self {
        self.example = example;
        self
    }

    const fn words(mut self, words: &'static [&'static str]) -> Self {
        self.words = words;
        self
    }

    const fn scope(mut self, scope: Scope) -> Self {
        self.scope = scope;
        self
    }
}

/// Every entry of the reference.
pub(super) const ENTRIES: &[Entry] = &[
    entry("game", Kind::Section, "", "`game \"Name\" { … }`")
        .means("the one block of a rules file, holding its sections")
        .example("game \"Sadeqa III\" {\n  board { … }\n  …\n}"),
    // board
    section("board", "`board` *(required)*")
        .means("The board's shape.")
        .example("board {\n  rows 2\n  holes 6\n  stores none\n}"),
    statement("board", "rows", "`rows 1` / `2` / `3` / `4` / `5` / `6`")
        .means(
            "the board's shape, a short form for where each hole lies, who owns it, each player's track and \
             which hole faces which (`sowspec check --explain` draws it). Each player's holes are lettered \
             `a`, `b`, … along their own counterclockwise track, from where it enters their holes. \
             `1`: one row; South owns its left half, North its right half, lettered on from the middle; both sow \
             along the row and round. `2`: one row each; South owns the bottom row, North the top; both sow round \
             the whole board (C-3). `3`: each player owns their row and the right half of the middle row (from \
             their seat): South's `a`–`f` run along the bottom row left to right, `g`–`i` back along the middle \
             row from its right end (a 3×6 board); both players sow one cycle: South's holes in letter order, then \
             North's (`f` of the bottom row is followed by `g` at the middle row's right end, South's `i` by \
             North's `a` at the top row's right end, North's `i` by South's `a`: Ludii's track for Rab'e and the \
             Gabata of Adowa). `4`: two rows each, an *outer* row at the player's edge and \
             an *inner* row next to the middle, lettered along the outer row from the player's left, then back \
             along the inner row (`i` is above `h` on a 4×8 board); each player sows round their own two rows. \
             `5`: two rows each and the left half of the middle row (from their seat), lettered boustrophedon: \
             the outer row from the player's left, back along the inner row, then their half of the middle row \
             from its end inwards (on a 5×6 board South's `m`–`o` run from the middle row's left end, North's \
             from its right end); each player sows round their own holes in letter order, `o` followed by `a`. \
             `6`: three rows each, lettered boustrophedon (outer row, back along the middle row, the inner row), \
             sown round their own three rows. On three and five rows a player's *inner* row is their half of the \
             middle row. Stores: two rows only. A player owns at most 48 holes and a board \
             at most 98 cells (holes and stores): 96 holes on one row, 48 a row on two, 32 on three, 24 on \
             four, 18 on five, 16 on six (Katro's 6×6 board fits). Rules that close or claim holes (a closing relay, \
             `closed_toll`, a match's refill, `claim`) need a board of at most 64 cells, and `direction chosen` \
             at most 32 holes a player (a `-` move takes a second bit of the 64-bit legal-move mask)",
        )
        .example("rows 3"),
    statement("board", "holes", "`holes N`")
        .means(
            "holes in each row (even on one, three and five rows), at most 96 on one row, 48 on two, 32 on three, \
             24 on four, 18 on five and 16 on six (a player owns at most 48 holes). They are named `a, b, c, …` from the owner's \
             left (C-2), on along the player's track (see `rows`); past `z`, as a spreadsheet names its columns: \
             `aa`, `ab`, … `az`, then `ba`, … (a player's 48th hole is `av`). Moves (`--moves`, fixtures, the \
             JSON protocol) and written tracks (`S.ab`) use the same names.",
        )
        .example("holes 6"),
    statement("board", "circle", "`circle N`")
        .means(
            "instead of `rows` and `holes`: one circle of `N` holes (2 to 48) that nobody owns (Sat Gol's seven). \
             Its holes are lettered `a`, `b`, … round the circle counterclockwise, the same letters for both \
             players; both sow round the whole circle and may lift any of its holes (a move names the hole: \
             `c`), as far as `lift when` allows. `next`, `after`, `next(HOLE)`, `prev(HOLE)` and sweeps go round \
             it; what names a player's row or a facing hole has no meaning there and is refused (`mover_row`, \
             `opponent_row`, `total(…)`, `holes(…)`, `in`, `opposite`, `mirror`, `inner`, `outer`, \
             `hole(PLAYER, N)`, `owner`, `claimer`, `remaining to owner`), as are `rows`, `holes`, `track`, \
             `circuits` and stores other than `none` beside it, and a setup given per player or drawn. \
             Captures go to each player's reserve; the seeds left at the end go by `remaining to last_mover`, \
             `remaining divided` or `keeping board`. The JSON protocol and fixtures write its board \
             `{\"circle\": [4, 4, …]}` from `a`; traces and marks name its holes by their letter alone. \
             `sowspec check --explain` and `play` draw it as an oval, `a` onwards along the bottom and back \
             along the top. Moves are found by sowing each candidate, on the general interpreter or a kernel. \
             With `owners` some of its holes are each player's, the others still nobody's",
        )
        .example("circle 7"),
    statement("board", "owners", "`owners south \"b c d\" north \"f g h\"`")
        .means(
            "with `circle N`: the holes each player owns, by letter, each at most once; the circle's other holes \
             are nobody's (Ô Ăn Quan's two mandarin squares: `circle 12` with `owners south \"b c d e f\" north \
             \"h i j k l\"`, `a` and `g` nobody's). Both players still sow round the whole circle, nobody's holes \
             included, and a move still names its hole by letter, but a player lifts only holes they own. \
             `mover_row` and `opponent_row` are then the holes the mover and the other player own (a hole nobody \
             owns is in neither), and with them `total(…)`, `total_before(…)`, `holes(…)` and `in`; `remaining \
             to owner` gives each player the seeds of their holes and leaves those of nobody's holes where they \
             are (count them in with `capture every hole where …` first). Facing holes, `owner(…)` and \
             `hole(PLAYER, N)` are still refused on a circle. The JSON protocol writes the board as on any \
             circle. Rules with owners run on the general interpreter",
        )
        .example("owners south \"b c d e f\" north \"h i j k l\"")
        .words(&["south", "north"]),
    statement(
        "board",
        "track",
        "`track PLAYER clockwise` / `counterclockwise` / `\"S.a S.b … N.a\"` / `clockwise \"S.c S.b …\"`",
    )
    .means(
        "changes a player's track from the shape's. `track north clockwise`: North sows their track the \
         other way round (North clockwise while South sows counterclockwise: a move carries no sign; with \
         `direction clockwise` both turn round again). A quoted list writes the track out, in the order the \
         player sows counterclockwise: every hole the player owns, and any of the other's they sow into, each \
         once as `S.x` or `N.x`; a hole off a player's track is followed along the other's. With `direction \
         chosen`, `clockwise \"…\"` writes out the track the player sows with a `-` move, in the order sown, \
         when it is not the counterclockwise track turned round (Katro sows its three rows outwards in either \
         way: `track south clockwise \"S.c S.b S.a S.f S.e S.d S.i S.h S.g\"`, each row the other way round); \
         `prev(…)` and backward sweeps of a `+` move then follow it too. Such rules run on the general \
         interpreter. Boards without stores only. Another statement per player and track.",
    )
        .example("track north clockwise")
        .words(&["south", "north", "clockwise", "counterclockwise"]),
    statement("board", "facing", "`facing \"S.a N.f, S.b N.e, …\"`")
        .means(
            "which hole faces which, written out in place of the shape's own: pairs apart by commas, each a hole \
             of South's and one of North's (`S.x N.y`), every hole of the board in exactly one pair. `opposite(…)` \
             reads it (`opposite(S.a)` is `N.f` above, `opposite(N.f)` is `S.a`); `inner`, `outer` and `mirror` \
             keep to the shape's columns and letters, and a store still faces the other store. The shape's own \
             relation: on two rows the hole across the board (C-4); on four to six rows the other player's hole \
             in the same column at the same depth from their edge, or where they have none, their hole in that \
             column nearest; on one row the hole as far from the right end as this one from the left. A name \
             that is no hole, a hole in two pairs or in none, and a pair of one player's holes are refused. \
             `sowspec check --explain` lists the pairs. Rules with it run on the kernels as any other",
        )
        .example("facing \"S.a N.a, S.b N.b, S.c N.c, S.d N.d, S.e N.e, S.f N.f\""),
    statement("board", "stores", "`stores none` / `sown` / `both` / `sown_right`")
        .means(
            "`none`: captured seeds go to a reserve beside the board. `sown`: each player has a store after their \
             row; sowing drops into one's own store and skips the opponent's. `both`: either player sows into both \
             stores (MancalaGames' `sow_stores = BOTH`). `sown_right`: \
             as `sown`, but each store sits at its owner's right end of the row whatever the direction \
             (MancalaGames' layout): sown clockwise, one's store comes after the opponent's last hole, before \
             one's own row.",
        )
        .example("stores sown")
        .words(&["none", "sown", "both", "sown_right"]),
    statement("board", "circuits", "`circuits shared` / `own`")
        .means(
            "`shared` (the default): on two rows both players sow round the whole board. `own`: each player \
             sows round their own row only, then their own store (both stores with `stores both`), and never \
             into the opponent's row (MancalaGames' NorthSouthCycle: Tchuka Ruma). Captures still reach across \
             (`opposite(landing)`). Two rows only (four rows always sow round their own two).",
        )
        .example("circuits own")
        .words(&["shared", "own"]),
    // setup
    section("setup", "`setup` *(required)*")
        .means("The seeds on the board at the start.")
        .example("setup {\n  seeds 4\n}"),
    section("memory", "`memory` *(optional)*")
        .means(
            "What the game remembers beyond the board: named *marks* on holes (Bao's house, the holes already \
             moved) and named *values*, one for the game or one per player (a locked direction, a phase). Rules \
             change them with `set` and `clear` and read them in any condition. They start as declared at every \
             round's start. Positions carry them: the JSON protocol and fixtures write them under `memory`, and \
             positions that differ only there are different positions. Rules that keep a memory run on the \
             general interpreter.",
        )
        .example("memory {\n  mark house on [5]\n  value direction per player\n}"),
    statement("memory", "mark", "`mark NAME` / `mark NAME on [N, …]`")
        .means(
            "declares a mark, a yes-or-no fact about each hole (never a store). `on [5]`: at each round's start \
             both players' hole 5 (`e`, numbered as `index` numbers them) are marked; otherwise no hole is. \
             `NAME(HOLE)` is then a condition: whether the hole is marked. At most 4 marks.",
        )
        .example("mark house on [5]")
        .words(&["on"]),
    statement("memory", "value", "`value NAME [per player] [from N]`")
        .means(
            "declares a whole number the rules keep: one for the game (`NAME`), or one for each player \
             (`per player`: `NAME(PLAYER)`, e.g. `direction(mover)`). It starts each round at `N` (0 when `from` \
             is not written) and holds numbers from -2147483648 to 2147483647 (a larger result stops at the end). \
             At most 8 values, one kept per player counting twice.",
        )
        .example("value direction per player")
        .words(&["per", "player", "from"]),
    statement("setup", "seeds", "`seeds 4` / `seeds [0, 4, 4, 4, 4, 4]` / `seeds south ROW north ROW` / `seeds drawn 98 at_least 2`")
        .means(
            "every hole starts with 4 seeds; or one number per hole a player owns, `a` first, the same for both \
             players. With `south` and `north`, each player's holes are given apart (a number or a list each): \
             Gamacha's start, `seeds south [0, 0, 4, …] north [4, 0, 4, …]`. \
             `seeds drawn 98 at_least 2`: each game starts from its own draw of 98 seeds: every hole gets 2, then \
             each of the rest goes into a hole drawn at random, every hole alike (MancalaGames' RANDOM start; \
             without `at_least`, a hole may start empty). Nothing is captured at the start. A recorded game gives \
             its start (`from:` in a fixture, the engine protocol's `from`); `bench`, `stats` and `record` draw \
             each game's start from their `--seed` (`record` writes it as `from:`), interactive `play` from its \
             `--seed`, and `play --moves`, `perft` and `trace` need `--from POS.json` or `--draw SEED`. The total \
             must give every hole its least. Under `refill setup`, each round's start is drawn again, seeded by the \
             board the last round left and the round's number (so a position decides what follows it).",
        )
        .example("seeds drawn 98 at_least 2")
        .words(&["south", "north", "drawn", "at_least"]),
    statement("setup", "hand", "`hand N` / `hand south N north M`")
        .means(
            "each player starts with `N` seeds in hand, off the board and not captured (Bao la Kiswahili: 22 \
             each, with 10 on the board); with `south` and `north`, each player's hand is given apart (one may be \
             0). `place when …` moves put them on the board one at a time, `capture HOLE to hand(PLAYER)` \
             takes seeds back into a hand, and `hand(PLAYER)` reads what is left. With seeds in hand the board may start empty, `seeds 0` \
             (Omweso's arrangement: `hand 32`, every seed placed by its player). Positions carry the hands: the JSON protocol and fixtures write \
             them as `hand: {south: N, north: M}` (required for such rules, refused for others), and `conform` \
             compares them. Seeds still in hand when the game ends count for nobody. Not with a `match` (a hand \
             is dealt once). Rules with hands run on the general interpreter.",
        )
        .example("hand 22")
        .words(&["south", "north"]),
    // sowing
    section("sowing", "`sowing` *(required)*")
        .means("How a move sows its seeds, lap after lap.")
        .example("sowing {\n  direction counterclockwise\n  first_seed next\n  origin sown\n  relay lift landing when count(landing) > 1\n}"),
    statement("sowing", "direction", "`direction counterclockwise` / `clockwise` / `chosen`")
        .means(
            "seen from above with South at the bottom (C-3): counterclockwise is \
             `S.a → … → S.last → N.a → … → N.last → S.a` (on four rows, each player's own circuit \
             `a → b → … → last → a`). `chosen`: the player chooses with each move: `c+` sows counterclockwise \
             (towards the later letters of the mover's holes), `c-` clockwise. Every move then carries its sign, \
             in `--moves`, fixtures, `legal` lists and the JSON protocol; `next`, `after`, `next(…)`, `prev(…)` \
             and sweeps follow the chosen direction.",
        )
        .example("direction counterclockwise")
        .words(&["counterclockwise", "clockwise", "chosen"]),
    statement("sowing", "first_seed", "`first_seed next` / `origin` / `origin_unless_single`")
        .means(
            "each lap's first seed goes into the hole after the one lifted, or back into the lifted hole itself, or \
             back into it unless it held a single seed (which then goes to the next hole: Toguz Kumalak, Mangala)",
        )
        .example("first_seed next")
        .words(&["next", "origin", "origin_unless_single"]),
    statement("sowing", "origin", "`origin sown` / `skipped` / `lap_skipped`")
        .means(
            "whether a lap passing the move's emptied starting hole drops a seed in it. With `lap_skipped`, each lap \
             passes over the hole it is sown from instead: the move's origin on the first lap, then the hole a relay \
             lifted (or its `from` hole), which a later lap may sow again (MancalaGames' `skip_start` with laps: \
             Ayoayo)",
        )
        .example("origin skipped")
        .words(&["sown", "skipped", "lap_skipped"]),
    statement("sowing", "relay", "`relay lift [N of] HOLE [and HOLE2 …] [from START] [clockwise \\| counterclockwise \\| chosen] [closing] when CONDITION`")
        .means(
            "at the end of every lap, the first relay rule whose condition holds lifts `HOLE` and sows another lap, \
             starting after it. When none holds, the sowing ends. There may be several, or none (a single lap). \
             With `and`, the seeds of several holes are lifted together; with `from START` they are sown as if \
             `START` had been lifted (the first seed after it, or into it with `first_seed origin`): Igisoro's \
             take, `relay lift opposite(landing) and outer(opposite(landing)) from origin when …` (ǁHus sows \
             them `from landing`). The list may go on over lines: a line starting with `and`, or an `and` \
             ending one, is followed by another hole, even `origin`, which is not read as a new `origin` \
             statement there. With `clockwise` or `counterclockwise` the next lap, and every lap after it in the \
             move, goes that way (Bao's captures sown from a kichwa: `relay lift opposite(landing) from \
             hole(mover, 1) clockwise when …`, the first seed into the left kichwa `p`). With `closing` the \
             lifted hole is closed for the rest of the game once its seeds are lifted: later sowings pass over it \
             (or give it to `closed_toll`), and it is never lifted or captured again (MancalaGames' blocked \
             holes, `sow_rule = SOW_BLKD_DIV`: Nambayi closes an opponent's hole that a lap brings to 4); it goes \
             with `first_seed next`. Rules with `closing` run on a compiled kernel that builds the track again \
             as holes close, unless they also have `on drop`, `on lap_end`, `toll` or `origin skipped`, or a \
             relay that can fire on an empty landing (a lap may end in a closed hole). With `N of`, the relay \
             lifts at most `N` of the hole's seeds and the rest stay in it (Bao la Kiswahili's taxed house: \
             `relay lift 2 of landing when …`); it lifts one hole, so not with `and` or `closing`, and such rules \
             run on the general interpreter. With `chosen`, the mover chooses the way of the next lap and of the \
             laps after it: a decision inside the move, written `/+` (counterclockwise) or `/-` after the hole and \
             its earlier decisions (`c/-`, `c+/N.d/+`), listed, counted and drawn as `choose`'s are (Kubuguza's \
             turn of direction in the middle of a move); not with a `must_leave` duty, and on the general \
             interpreter.",
        )
        .example("relay lift next when count(next) > 0")
        .words(&["lift", "of", "from", "clockwise", "counterclockwise", "chosen", "closing"]),
    statement("sowing", "toll", "`toll N to PLAYER`")
        .means(
            "before each lap is sown, `N` seeds of the hand (all of it, if it holds fewer) go to the player's store \
             or reserve; the rest are sown as usual (MancalaGames' `presowcapt = CAPT_ONE`: Sokusowó's one seed a \
             lap to the mover). Traces report them as a `toll` step. A toll to `mover`, `opponent`, `south` or \
             `north` runs on a compiled kernel; to a player named through a hole, on the general interpreter",
        )
        .example("toll 1 to mover"),
    statement("sowing", "take", "`take N when COND`")
        .means(
            "a move for which `COND` holds (judged on the board before the move, `origin` naming the hole lifted) \
             takes at most `N` of its hole's seeds in hand; the rest stay in the hole (Intotoi's opening sows two \
             of a hole's three seeds). `lifted` and `previous_lifted` count the seeds taken. Rules with `take` run \
             on the general interpreter",
        )
        .example("take 2 when count(origin) == 3"),
    statement("sowing", "skip", "`skip when CONDITION`")
        .means(
            "holes the sowing passes over: a seed about to drop into a hole where the condition holds (`hole` \
             naming it, judged on the board as it is then) goes on to the next hole instead, as past a closed \
             hole. Not the first seed of a lap sown back into its own hole (`first_seed origin`). A whole round \
             of the track passed over is an endless move. Selus: the opponent's holes holding three are passed \
             over (`skip when hole in opponent_row and count(hole) == 3`). Rules with it run on the general \
             interpreter",
        )
        .example("skip when hole in opponent_row and count(hole) == 3"),
    statement("sowing", "closed_toll", "`closed_toll to PLAYER when CONDITION`")
        .means(
            "what a sowing does at closed holes: a seed reaching a closed hole where the condition holds (`hole` \
             naming it) goes to the player's store or reserve instead, and the hole stays closed and empty; other \
             closed holes are passed over, as they are without this rule. A lap whose last seed goes so ends at that \
             hole (`landing`). A whole round of the track with no open hole and no such closed hole is an endless \
             move. MancalaGames' blocked holes (`sow_rule = SOW_BLKD_DIV`): the mover's closed holes are skipped, \
             the opponent's take a seed out of play, into South's store. Rules with it run on a compiled kernel \
             (as with `closing`) when the condition reads only where the hole is and the player is `mover`, \
             `opponent`, `south` or `north`; else on the general interpreter",
        )
        .example("closed_toll to south when hole in opponent_row")
        .words(&["to"]),
    // on
    section("on", "`on` rules *(any number)*")
        .means(
            "Rules that fire as the seeds are sown, each with a block of actions. The rules files may hold any \
             number of `on` rules. They run in file order, each one checked against the board as it is at that \
             moment. Actions run in the order written. Capturing an empty hole takes nothing and fails nothing; a \
             closed hole is never lifted, sown into or captured (it holds nothing).",
        )
        .example("on sowing_end when landing in mover_row and count(opposite(landing)) > 0 {\n  capture opposite(landing) to mover\n}"),
    entry("drop", Kind::Event, "on", "`on drop [including last | excluding last] [when CONDITION] { ACTIONS }`")
        .means(
            "after every seed dropped. `excluding last` exempts each lap's last seed; `including last` is the \
             default. `hole` names the hole just sown.",
        )
        .example("on drop including last when count(hole) == 4 {\n  capture hole to owner(hole)\n}")
        .words(&["including", "excluding", "last"]),
    entry("sowing_end", Kind::Event, "on", "`on sowing_end [when CONDITION] { ACTIONS }`")
        .means("once, when the sowing has ended")
        .example("on sowing_end when count(after) > 0 {\n  capture after to mover\n}"),
    entry("lap_end", Kind::Event, "on", "`on lap_end [when CONDITION] { ACTIONS }`")
        .means(
            "at the end of every lap, once its last seed is dropped and before the relay rules are weighed, \
             `landing` naming the lap's last hole: a capture there can decide whether the sowing goes on \
             (MancalaGames' captures on each lap, `sow_rule = LAP_CAPT`: Motiq takes a lap's last hole when it \
             makes 4, then sows on from the hole after it). The last lap's end comes before `on sowing_end`. \
             No `extra_turn` here. Such rules run on the compiled kernel that keeps the move's facts.",
        )
        .example("on lap_end when count(landing) == 4 {\n  capture landing to mover\n}"),
    entry("move_start", Kind::Event, "on", "`on move_start [when CONDITION] { ACTIONS }`")
        .means(
            "once a move, when the origin's seeds have been lifted and before any is sown (or paid as a `toll`): \
             `origin` names the emptied hole and `lifted` the seeds in hand; no lap has ended, so there is no \
             `landing` or `laps`. MancalaGames' captures before sowing (`presowcapt`): Achochodi takes what faces \
             a lone seed lifted, Huroy what faces each of the mover's holes that held a single seed when the move \
             began. No `extra_turn` here. `lift when` is judged before the move.",
        )
        .example("on move_start when lifted == 1 {\n  capture opposite(origin) to mover\n}"),
    entry(
        "capture",
        Kind::Action,
        "on",
        "`capture [N from] HOLE to PLAYER [when COND]` / `capture [N from] HOLE to HOLE` / `capture [N from] HOLE to hand(PLAYER)`",
    )
        .means(
            "every seed of `HOLE` goes to `PLAYER` (their store, or their reserve). With `N from`, only `N` of them \
             go, or every one if the hole holds fewer (Gabata: `capture 2 from landing to mover` takes the last \
             seed and one more from a claimed hole, or the last seed alone from an empty one). `capture every hole \
             where COND to PLAYER`: every hole of the board for which `COND` holds (`hole` naming the hole tried) \
             goes to `PLAYER`, all chosen before any is emptied (Ouré Ngat). `capture`, `claim` and `extra_turn` \
             may end with `when COND`: the action happens only if `COND` holds at that moment. `capture HOLE to \
             HOLE`: the seeds go into the second hole instead and stay in play (MancalaGames' \"pull across\": \
             `capture opposite(landing) to landing`); none go into a closed hole. `capture HOLE to \
             hand(PLAYER)`: the seeds go into the player's hand (`setup { hand N }`; refused without hands), off \
             the board and not captured, for `place` moves to put back one at a time, and `hand(PLAYER)` counts \
             them (Bao's captured seeds placed again, Ô Ăn Quan's refill from its takings); `capture every hole \
             where COND to hand(PLAYER)` takes every such hole into the hand. They are not the \
             player's holding: `captured`, `lap_captures` and `repetition … since capture` do not count them, and \
             seeds still in hand when the game ends count for nobody. Traces show a `capture` step to the \
             player's hand.",
        )
        .example("capture opposite(landing) to mover when count(opposite(landing)) > 0")
        .words(&["to", "from", "every", "where", "when"]),
    entry("return", Kind::Action, "on", "`return N from PLAYER to every hole where COND`")
        .means(
            "seeds a player holds off the board go back into holes: each hole of the board for which `COND` holds \
             (`hole` naming the hole tried; closed holes never), all chosen before any is filled, gets `N` seeds \
             in board order (South's holes from `a`, then North's; a circle's from `a`) from `PLAYER`'s reserve, \
             then their store, while they hold any: the last hole served may get fewer, the ones after it none. \
             Ô Ăn Quan's empty side: `return 1 from opponent to every hole where hole in opponent_row` when \
             `total(opponent_row) == 0`, then `return 1 from mover to every hole where hole in opponent_row and \
             count(hole) == 0` to lend what they lack. Traces show a `return` step for each hole. Rules with it \
             run on the general interpreter",
        )
        .example("return 1 from opponent to every hole where hole in opponent_row")
        .words(&["from", "to", "every", "hole", "where"]),
    entry("if", Kind::Action, "on", "`if COND { ACTIONS }`")
        .means("the actions inside happen only if `COND` holds when the `if` is reached")
        .example("if count(landing) == 3 {\n  capture landing to mover\n}"),
    entry("extra_turn", Kind::Action, "on", "`extra_turn`")
        .means("the mover moves again (only in `on sowing_end`)")
        .example("on sowing_end when landing == store(mover) {\n  extra_turn\n}"),
    entry("claim", Kind::Action, "on", "`claim HOLE for PLAYER`")
        .means(
            "the hole becomes the player's for the rest of the game (Toguz Kumalak's tuzdyk). It is still sown \
             into, and it is never lifted. A claimed hole stays with its first claimer: a second `claim` of it \
             does nothing (a trace shows it). Send its seeds to its claimer with \
             `on drop when claimed(hole) { capture hole to claimer(hole) }`.",
        )
        .example("claim landing for mover")
        .words(&["for"]),
    entry("sweep", Kind::Action, "on", "`sweep backward from HOLE while COND { ACTIONS }`")
        .means(
            "visits `HOLE`, then each hole before it on the mover's track (`forward`: after it), while `COND` \
             holds; inside, `hole` names the visited hole. It visits each hole at most once (one turn of the \
             board at most) and passes over closed holes, as the sowing does. Oware's chain: \
             `sweep backward from landing while hole in opponent_row and count(hole) >= 2 and count(hole) <= 3 \
             { capture hole to mover }`",
        )
        .example("sweep backward from landing while hole in opponent_row and count(hole) >= 2 {\n  capture hole to mover\n}")
        .words(&["backward", "forward", "from", "while"]),
    entry("choose", Kind::Action, "on", "`choose hole where COND [optional] { ACTIONS }`")
        .means(
            "a decision inside the move (in `on sowing_end`, `on lap_end` or `on move_start`; not `on drop`): the \
             mover chooses one hole of the board for \
             which `COND` holds (`hole` names each candidate), and the actions inside run with `hole` naming the \
             one chosen (Tsoro's additional capture: `choose hole where hole in opponent_row and count(hole) > 0 \
             { capture hole to mover }`). With `optional` the mover may also choose none. When no hole qualifies \
             nothing happens; when exactly one does (and the choice is not optional) it is taken without asking. \
             A move writes each decision it was asked for after its hole, in order, each after a `/`: the hole's \
             name (`c/N.d`, `c+/N.d/S.a`) or `none` (and a relay's way, `+` or `-`: `relay … chosen`); at most \
             8 a move. `legal`, perft and the random player count \
             complete moves (hole, direction and decisions), each equally likely. Asked before the sowing ends, \
             a decision can set a `memory` value that the relays read: Bao la Kiswahili's kichwa, `on lap_end \
             when … { choose hole where index(hole) == 9 or index(hole) == 16 { set kichwa to index(hole) } }`, \
             read by `relay lift opposite(landing) from hole(mover, 8) counterclockwise when … kichwa == 9`. \
             The complete moves are then found by playing the whole move again for each sequence of decisions \
             asked so far; under `endless … illegal` a sequence that makes the sowing endless is not a move, \
             and a hole is legal when some sequence of its decisions ends. Not with a \
             `must_leave` duty, \
             which judges the board a move leaves. Rules with `choose` run on the general interpreter.",
        )
        .example("choose hole where hole in opponent_row and count(hole) > 0 {\n  capture hole to mover\n}")
        .words(&["hole", "where", "optional"]),
    entry("set", Kind::Action, "on", "`set MARK(HOLE)` / `set VALUE to N` / `set VALUE(PLAYER) to N`")
        .means(
            "changes the memory (`memory`): puts a mark on a hole (a store is never marked), or gives a value a \
             new number, worked out before it changes (`set sown(mover) to sown(mover) + lifted`). Like `capture`, \
             it may end with `when COND`. The trace shows each change with its line.",
        )
        .example("set direction(mover) to 1 when clockwise")
        .words(&["to"]),
    entry("clear", Kind::Action, "on", "`clear MARK(HOLE)` / `clear MARK` / `clear VALUE` / `clear VALUE(PLAYER)`")
        .means(
            "takes a mark off a hole (`clear house(origin)`), or off every hole (`clear moved`); puts a value back \
             to its start (`from`), for both players when kept per player and no player is named",
        )
        .example("clear house(origin)"),
    entry("forfeit", Kind::Action, "on", "`forfeit when COND`")
        .means(
            "the block's last action: if `COND` holds afterwards, everything the rule did is undone (Oware's grand \
             slam: `forfeit when total(opponent_row) == 0`)",
        )
        .example("forfeit when total(opponent_row) == 0"),
    // moves
    section("moves", "`moves` *(required)*")
        .means("Which moves are legal.")
        .example("moves {\n  lift when count(origin) > 0\n  endless after 10000 laps illegal\n}"),
    statement("moves", "lift", "`lift [from both_rows] when CONDITION`")
        .means(
            "which of the mover's holes may be lifted (`origin` is the candidate). Only open, non-empty holes of \
             the mover's own row are ever candidates. With `direction chosen` each direction is a candidate of its \
             own, and `next(origin)` follows it (Um el-Bagara: the left holes sow clockwise only). `landing` (and \
             `next`, `after`) name the hole where the move's first lap would drop its last seed, the counts being \
             read before the move (Gamacha: `lift when landing in opponent_row or count(landing) == 0`). With \
             `from both_rows` the open, non-empty holes of both rows are candidates for either player, while each \
             row stays its side's (`mover_row`, stores, captures): a player's move letters run on past their row \
             into the other one, as under territory (on 6-hole rows South's `g` is N.a, North's `g` is S.a), so a \
             row may have at most 8 holes (MancalaGames' `no_sides`).",
        )
        .example("lift when count(origin) > 0")
        .words(&["from", "both_rows"]),
    statement("moves", "place", "`place when CONDITION`")
        .means(
            "a *placement* move (it needs `hand N` in the setup): while the mover's hand holds a seed, they may put \
             one into an open, unclaimed hole of their own row for which the condition holds (`origin` and \
             `landing` name the candidate hole, judged on the board before the move; the hole may be empty). The \
             rules then go on exactly as after a sowing whose one lap dropped its last seed there: `on drop` and \
             `on lap_end` fire, relays are weighed (a relay lifting `landing` sows on from it), then `on \
             sowing_end`; `lifted` is 1 and no `toll` is paid. A placement is written `*c` (the hole's letter after \
             a `*`, then any decisions: `*c/N.d`), in `--moves`, fixtures, `legal` and the engine protocol (as a \
             round's layout is written `=a.c.d`: see `refill … chosen`). Under \
             `direction chosen` it carries a direction, `*c+` or `*c-`, which `clockwise` reads and a relay sows \
             on in (Bao's takasa: the placed hole lifted and sown the way the player chose); `legal` lists the \
             `+` lifts, the `+` placements, the `-` lifts, then the `-` placements. In the Python adapters' action \
             numbers placements follow the lifts: `H + c` for `H` holes, or with a chosen direction `2H + c` and `3H + c` (`-`). \
             *Phases* are conditions: \
             with both `lift` and `place`, `lift when hand(mover) == 0 and count(origin) > 1` and `place when \
             count(origin) > 0` make an opening in which players place (Bao's namua) and a game after it in which \
             they lift (its mtaji), and a value in `memory` can mark any other phase. Placements need at most 16 \
             holes a player and each player on their own row (not `lift from both_rows`).",
        )
        .example("place when count(origin) > 0")
        .words(&["when"]),
    statement("moves", "capturing", "`capturing when CONDITION`")
        .means(
            "which moves are *capturing moves*, judged as `lift when` is: on the board before the move, `landing` \
             being where its first lap would end (Bao's mtaji: `capturing when landing in mover_inner_row and \
             count(landing) > 0 and count(opposite(landing)) > 0`). The condition `capturing` then holds while \
             such a move is sown, and of such a candidate in `lift` and `prefer`; the other moves are blank.",
        )
        .example("capturing when landing in mover_inner_row and count(opposite(landing)) > 0"),
    statement("moves", "prefer", "`prefer CONDITION`")
        .means(
            "move priority, judged as `lift when` is: when some legal move meets the first `prefer` condition, \
             only those are legal; else, when some meets the second, only those; and so on; when none meets any, \
             every legal move stays legal (Bao: `prefer capturing`, then `prefer origin in mover_inner_row`).",
        )
        .example("prefer capturing"),
    statement("moves", "must_leave", "`must_leave COND when COND2 [if_possible] [either_direction]`")
        .means(
            "whenever `COND2` holds before a move, only moves after which `COND` holds are legal; with none, the \
             player has no legal move (Oware's duty to feed: \
             `must_leave total(opponent_row) > 0 when total(opponent_row) == 0`). With `if_possible`, when no move \
             can meet the duty, every move is legal. With `either_direction` (under `direction chosen`), the duty \
             is judged per hole: a hole whose move meets it in one direction may be played in both (MancalaGames' \
             mustshare with chosen directions).",
        )
        .example("must_leave total(opponent_row) > 0 when total(opponent_row) == 0")
        .words(&["if_possible", "either_direction"]),
    statement("moves", "endless", "`endless after N laps illegal` / `ends_game [remaining …]`")
        .means(
            "a move whose sowing would need lap N+1 is *endless*, and an endless move is not legal (C-6). No \
             sowing ever runs past the limit, so every move terminates. With `ends_game`, an endless move is legal \
             and ends the game at once: nothing is sown, and the board as it was is awarded as `no_moves` says, \
             the mover counting as the last to move, or as the `remaining …` after `ends_game` says, written as \
             in `no_moves` (MancalaGames' quitter, who divides the board when a move never ends: `endless after \
             75 laps ends_game remaining divided`).",
        )
        .example("endless after 10000 laps illegal")
        .words(&["after", "laps", "illegal", "ends_game", "remaining"]),
    // end
    section("end", "`end` *(required)*")
        .means("How the game ends and who wins.")
        .example("end {\n  no_moves remaining to last_mover\n  winner most_captured\n}"),
    statement("end", "no_moves", "`no_moves [pass] remaining to last_mover` / `owner` / `claimer` / `no_moves [pass] keeping board` / `no_moves [pass] remaining divided`")
        .means(
            "when the player to move has no legal move, every seed left on the board goes to the other player, the \
             one who moved last (C-7); with `owner`, each row's seeds go to that row's owner; with `claimer`, each \
             hole's seeds go to the player who claimed it (`claim`), the row's owner for a hole nobody claimed. \
             With `pass`, a \
             player with no legal move passes instead and the other moves again, as often as needed; a pass is \
             not a move (never written in `--moves` or fixtures; `to_move` names the player who actually moves \
             next; traces show it). The game then ends only when neither player can move. With `keeping board`, \
             the seeds left stay where they are and count for nobody (MancalaGames' \"not scored\"), and the \
             game, or the whole match, ends. With `remaining divided`, each player gets half the seeds left, and \
             an odd seed goes to the player holding fewer seeds (on equal holdings, to the player to move): \
             MancalaGames' \"divvied\".",
        )
        .example("no_moves remaining to last_mover")
        .words(&["pass", "remaining", "to", "last_mover", "owner", "claimer", "keeping", "board", "divided"]),
    statement("end", "over", "`over when COND [keeping board]`")
        .means(
            "checked after every move, `mover` being the player who moved; when it holds the game (or round) ends \
             at once, the seeds left on the board go as `no_moves` says, and the winner is decided (Kalah: \
             `over when total(mover_row) == 0 or total(opponent_row) == 0`; Oware: `over when captured(mover) > 24`). \
             With `keeping board`, the seeds on the board stay where they are and count for nobody, and a \
             match ends with the game (no refill could place them).",
        )
        .example("over when captured(mover) > 24")
        .words(&["keeping", "board"]),
    statement("end", "repetition", "`repetition N [since capture] remaining to …` / `split` / `draw`")
        .means(
            "after every move, the position (the seeds in every hole, the claimed holes and the player to move) is \
             compared with those met before: since seeds last left the board with `since capture`, since the start \
             of the game or round otherwise. Its N-th occurrence ends the game: the seeds left go as `remaining to \
             last_mover`/`owner`/`claimer` says, or are split (half each, an odd seed to the player who would have \
             moved), or the game is a draw with the board left as it is. OpenSpiel's Oware: `repetition 2 since \
             capture remaining to owner`; Awari: `repetition 3 split`. A position read from the JSON protocol \
             counts afresh.",
        )
        .example("repetition 2 since capture remaining to owner")
        .words(&["since", "capture", "remaining", "to", "split", "draw", "last_mover", "owner", "claimer", "divided"]),
    statement("end", "winner", "`winner most_captured` / `last_mover` / `deprive` / `cleared`")
        .means(
            "`most_captured`: whoever holds more seeds wins; equal is a draw (C-8). `last_mover`: the player who \
             made the last move wins (the player who cannot move loses, or whose opponent's move ended the game \
             by `over`). `deprive`: read from the board before any seeds are awarded, the only player with seeds \
             left in their holes wins; when both (or neither) have some, the last mover (Gamacha, with `over when \
             total(opponent_row) == 0 or total(mover_row) == 0 keeping board`). In a `match` these decide each \
             round; the match itself is still decided by the holdings. `cleared`: the mirror of `deprive`, the \
             only player whose holes are empty wins; when both (or neither) are, the last mover (MancalaGames' \
             CLEAR goal: `over when total(mover_row) == 0 or total(opponent_row) == 0 keeping board`).",
        )
        .example("winner most_captured")
        .words(&["most_captured", "last_mover", "deprive", "cleared"]),
    // about
    section("about", "`about` *(optional)*")
        .means("Descriptive only, shown by `sowspec list`.")
        .example("about {\n  family \"Oware (West African, captures of 2s and 3s)\"\n  origin \"Ghana\"\n  source \"Wikipedia: Oware\"\n}"),
    statement("about", "family", "`family \"…\"`").means("the family of games it belongs to").example("family \"Kalah\""),
    statement("about", "origin", "`origin \"…\"`").means("where the game is played").example("origin \"Ghana\""),
    statement("about", "source", "`source \"…\"`")
        .means("the published rules the file follows")
        .example("source \"Wikipedia: Oware\""),
    // match
    section("match", "`match` *(optional: a game played as rounds)*")
        .means(
            "Rounds: between them the players refill their rows from what they hold. Play is one player's \
             move at a time, rounds too: simultaneous play (Abalala'e's opening race, Mewegae's opening) is \
             out of scope, and a file starts where turns begin.",
        )
        .example("match {\n  refill 7 per hole from right\n  starter receiver\n  match_end below 7\n}"),
    statement("match", "refill", "`refill 7 per hole from right|left|outside|south_left [partial_last] [unfilled_open] [matched] [loser_only] [chosen]` / `refill 4 per hole territory [partial_to_loser] [setup [turned_after_north]] [chosen]` / `refill setup [turned_after_north]`")
        .means(
            "between rounds, a player holding h seeds fills k = min(holes, ⌊h/7⌋) holes with 7 each: the \
             rightmost k (or `from left`; `from outside`: the two ends in turn, inwards, from the board's end on \
             South's left, so South fills `a`, its last hole, `b`, … and North its last hole, `a`, …, as \
             MancalaGames does; `from south_left`: both rows from the board's end on South's left, South from its \
             `a`, North from its last hole, MancalaGames' own order of a player's holes). The others are *closed* for the round: they hold nothing, cannot be \
             lifted, receive nothing, and are passed over by sowing and by `next`/`after`. The rest stays in reserve. \
             With `partial_last`, seeds too few for a whole hole go into the next hole along, which is open though \
             partly filled. With `unfilled_open`, the holes left unfilled stay open, empty. With `matched`, \
             neither player fills more holes than the other fills: the poorer fills theirs as above, the richer \
             as many, with 7 each, and holds the rest (Abalala'e: `refill 3 per hole from left partial_last \
             unfilled_open matched`, the poorer placing every seed, a partly filled hole last). \
             `refill 4 per hole territory [partial_to_loser]`: *territory*, the holes change hands. Every hole gets 4 \
             again and the holdings are emptied; the player holding more owns ⌊h/4⌋ holes, one more when over \
             ⌊4/2⌋ are left (with `partial_to_loser`, never), lettered from their own `a` counterclockwise round the \
             board, so a six-hole row's `g` is the other row's `a`; the other player owns the rest (after a tie, \
             each their row), and always one hole at least while they hold a seed. A player lifts only holes they own, and `mover_row`, `opponent_row`, `owner(…)` and \
             `no_moves remaining to owner` read the holes owned. Two rows of at most 8 holes, no chosen direction, \
             and a setup of exactly the refill's seeds (MancalaGames' TERRITORY). \
             With `setup`, each round's board is the `setup` again, turned round as below with \
             `turned_after_north`, the holes still counted 4 seeds each (MancalaGames lays its start pattern \
             again each round of a territory match). \
             `refill setup`: every round starts from the `setup` again, holdings emptied and no hole closed, \
             whatever the last round left; it goes with `match_end wins N` (MancalaGames' goals counted in \
             round wins). With `turned_after_north`, a round after one North started begins from the setup \
             turned round, each row with the other's seeds (MancalaGames sets out its start patterns for the \
             player who did not start the last round); positions then remember who started the round. \
             With `loser_only`, only the round's loser refills, from what they hold; the winner's row (its seeds \
             and closed holes) and holding stay as the round left them, their row's seeds coming back out of \
             the award, and a drawn round ends the match, drawn (MancalaGames' LOSER_ONLY). No `tie` clause \
             goes with it. \
             With `chosen`, a player *lays out* the round, as a move of their own before its first sowing: a \
             player who fills k holes, 0 < k < their row, chooses which k hold the seeds (the others closed, or \
             open and empty under `unfilled_open`, as without `chosen`; South first when both choose; \
             MancalaGames' UCHOOSE); under territory the player holding more, owning k holes of the other row, \
             0 < k < a row, chooses which k (MancalaGames' UCHOWN: `refill 4 per hole territory chosen`). The \
             refill is first made as without `chosen`; then the chooser is to move and only layouts are legal, \
             written `=` and the holes chosen by the letters of the row laid out, in letter order, joined by \
             `.` (`=a.c.d`; the chooser's own row, or under territory the other player's). `legal` lists every \
             choice of k holes in letter order (`=a.b`, `=a.c`, …, `=c.d`), perft counts each as a move and the \
             random player draws among them alike; once laid out, the round's starter moves. With no real \
             choice (k = 0 or the whole row) no layout is asked. A position waiting for a layout says so \
             (`layout`, and under territory the holes chosen, `ceded`: see the protocol). Not with \
             `partial_last` or `matched`. Rules with `chosen` run on the general interpreter.",
        )
        .example("refill 7 per hole from right")
        .words(&["per", "hole", "from", "right", "left", "partial_last", "outside", "unfilled_open", "territory", "partial_to_loser", "setup", "turned_after_north", "loser_only", "south_left", "matched", "chosen"]),
    statement("match", "starter", "`starter receiver` / `other` / `alternate` / `loser [tie …]` / `winner [tie …]` / `last_mover`")
        .means(
            "who starts the next round: the player who received the board's last seeds (the other of the one who \
             could not move), the one who could not move, South and North in turn (South in odd rounds), the \
             player who holds fewer / more seeds after the round, or with `last_mover` the player \
             who made the round's last move, even one that earned another turn nobody could then play \
             (MancalaGames' LAST_MOVER). After a tie, `loser` and `winner` start with South, or with `tie to_move` \
             the player who was to move when the round ended (after a move that earned another turn, its mover), \
             with `tie waiting` the other one (MancalaGames: `winner tie to_move`, `loser tie waiting`)",
        )
        .example("starter receiver")
        .words(&["receiver", "other", "alternate", "loser", "winner", "last_mover", "tie", "to_move", "waiting"]),
    statement("match", "match_end", "`match_end below 7 [after N rounds]` / `match_end wins 5`")
        .means(
            "at a refill, a player holding fewer than 7 seeds loses the match. Must be at least the least holding \
             that gets a hole: the refill count; 1 with `partial_last` or `territory`, whose refills give any \
             holding a hole. So `match_end below 1` (\"until one player has every seed\") goes with those two: a \
             player holding nothing loses the match; one holding fewer seeds than a hole's worth fills one hole \
             partly (`partial_last`) or owns one hole (`territory`: the leader, who would take the whole board, \
             leaves them its last hole, refilled like every other). \
             With `after N rounds`, the match also ends after round N, whoever holds more seeds winning (a draw \
             if equal): a limit for matches whose holdings swing back and forth (Dakon, Ohvalhu). \
             `match_end wins 5` (with `refill setup` only): the first player to win 5 rounds, as `winner` decides \
             each round, wins the match; a drawn round counts for nobody, and `starter loser`/`winner` mean the \
             round's loser and winner (MancalaGames' RND_WIN_COUNT goals). The positions carry the count.",
        )
        .example("match_end below 7 after 5 rounds")
        .words(&["below", "after", "rounds", "wins"]),
    // conditions
    value("count", "`count(HOLE)`").means("seeds in a hole (a number)").example("count(opposite(landing)) > 0"),
    value("laps", "`laps`")
        .means("laps begun so far in this move, 1 during the first")
        .example("relay lift landing when laps < 10 and count(landing) > 1")
        .scope(Scope::AfterLap),
    value("lifted", "`lifted`")
        .means(
            "the seeds the move lifted from its hole, before its first lap (MancalaGames' `nosinglecapt`: a move \
             of a single seed captures nothing)",
        )
        .example("on sowing_end when lifted > 1 and count(landing) == 2 { capture landing to mover }")
        .scope(Scope::AfterLap),
    value("lap_captures", "`lap_captures`")
        .means(
            "the seeds the rules have taken off the board to a player since the current lap began (its `on drop` \
             and `on lap_end` rules; seeds sown into a store or paid as a toll are not taken). Ludii's Rab'e \
             relays only from a lap that took nothing: `relay lift landing when count(landing) > 1 and \
             lap_captures == 0`. Rules that read it run on the general interpreter",
        )
        .example("relay lift landing when count(landing) > 1 and lap_captures == 0")
        .scope(Scope::AfterLap),
    value("total", "`total(ROW)`")
        .means(
            "seeds in a row: `mover_row`, `opponent_row` (all of a player's holes), or on four rows \
             `mover_inner_row`, `mover_outer_row`, `opponent_inner_row`, `opponent_outer_row`",
        )
        .example("total(opponent_row) == 0"),
    value("total_before", "`total_before(ROW)`")
        .means(
            "seeds in a row when the move began, before its hole was lifted (a rule judged against the board \
             before the move: MancalaGames' grand slam, which only a player who had seeds can suffer)",
        )
        .example("forfeit when total_before(opponent_row) > 0 and total(opponent_row) == 0")
        .scope(Scope::AfterLap),
    value("captured", "`captured(PLAYER)`")
        .means("a player's holding off the board (reserve plus store)")
        .example("captured(mover) > 24"),
    value("hand", "`hand(PLAYER)`")
        .means(
            "the seeds a player still holds in hand, not yet placed (`setup { hand N }`, and those `capture … to \
             hand(PLAYER)` took; refused without hands): \
             the opening phase of a game with placements (`lift when hand(mover) == 0 and …`)",
        )
        .example("hand(mover) == 0"),
    value("index", "`index(HOLE)`").means("a hole's place in its owner's row, `a` = 1").example("index(landing) != 9"),
    value("claims", "`claims(PLAYER)`").means("how many holes the player has claimed").example("claims(mover) == 0"),
    value("claimed_seeds", "`claimed_seeds(PLAYER)`")
        .means(
            "seeds in the holes the player has claimed (a weg keeps the seeds sown into it, and they are its \
             owner's: MancalaGames' wegs count toward a win as they stand, `captured(mover) + \
             claimed_seeds(mover) > 24`)",
        )
        .example("captured(mover) + claimed_seeds(mover) > 24"),
    value("holes", "`holes(ROW, CONDITION)`")
        .means(
            "how many open holes of a row meet a condition, `hole` naming the hole tried (a closed hole is not \
             counted): `holes(mover_row, count(hole) > 1) == 0` says no hole of the mover's holds more than one \
             seed (MancalaGames' Ouri: a single seed moves only when every hole holds one or none)",
        )
        .example("lift when count(origin) > 1 or holes(mover_row, count(hole) > 1) == 0"),
    entry("+", Kind::Operator, "", "`N`, `a + b`, `a - b`, `a % N`")
        .means("numbers (`%` is the remainder: `count(landing) % 2 == 0` is an even count)")
        .example("count(landing) % 2 == 0")
        .words(&["-", "%"]),
    entry("==", Kind::Operator, "", "`a == b`, `!=`, `<`, `<=`, `>`, `>=`")
        .means(
            "comparisons of numbers (`==` and `!=` also compare holes: `landing == store(mover)`, and players: \
             `claimer(landing) == opponent`, the last seed in a hole the opponent claimed)",
        )
        .example("count(landing) >= 2")
        .words(&["!=", "<", "<=", ">", ">="]),
    entry("in", Kind::Operator, "", "`HOLE in ROW`")
        .means("which row a hole is in (a store is in no row)")
        .example("landing in opponent_row"),
    value("claimed", "`claimed(HOLE)`").means("whether the hole has been claimed").example("claimed(hole)"),
    value("capturing", "`capturing`")
        .means(
            "whether the move is a capturing move, as `capturing when …` in `moves` says (while it is sown, and of \
             the candidate in `lift` and `prefer`)",
        )
        .example("relay lift opposite(landing) from origin when capturing and count(opposite(landing)) > 0"),
    value("clockwise", "`clockwise` / `counterclockwise`")
        .means(
            "whether the lap being sown goes clockwise (or counterclockwise); in `lift`, `capturing` and `prefer`, \
             the way the candidate move goes",
        )
        .example("relay lift landing when clockwise and count(landing) > 1")
        .words(&["counterclockwise"]),
    entry("previous_origin", Kind::Hole, "", "`previous_origin`")
        .means(
            "the hole the previous move of the round lifted (a pass is not a move; before the round's first move, \
             the move's own `origin`). Positions remember the previous move only for rules that read it; rules that \
             read it while a move is sown (not only in `lift`) run on the general interpreter",
        )
        .example("lift when not (previous_lifted == 1 and count(origin) == 1 and previous_origin in opponent_row)"),
    value("last_origin", "`last_origin(PLAYER)`, compared: `HOLE == last_origin(PLAYER)`")
        .means(
            "whether the player's last move of the round lifted the hole (`last_origin`) or ended in it \
             (`last_landing`: where its last seed fell). Before the player's first move of the round it names no \
             hole: `==` is false and `!=` true, so it is only compared with a hole (Sat Gol: no move from the hole \
             where the opponent's last seed fell). Positions remember each player's last move for rules that read \
             it (under `memory` in the JSON protocol, as `last_move`); such rules run on the general interpreter",
        )
        .example("lift when count(origin) > 0 and origin != previous_origin and origin != last_origin(mover)"),
    value("last_landing", "`last_landing(PLAYER)`, compared: `HOLE == last_landing(PLAYER)`")
        .means(
            "whether the player's last move of the round ended in the hole (its last seed fell there); before the \
             player's first move of the round `==` is false and `!=` true (see `last_origin`)",
        )
        .example("lift when count(origin) > 0 and origin != last_landing(opponent)"),
    value("previous_lifted", "`previous_lifted`")
        .means("seeds the previous move of the round lifted from its hole; 0 before the round's first move")
        .example("lift when previous_lifted != 1 or count(origin) > 1"),
    value("previous_clockwise", "`previous_clockwise` / `previous_counterclockwise`")
        .means(
            "whether the previous move of the round began sowing clockwise (or counterclockwise); both false \
             before the round's first move (MancalaGames' PLAYALTDIR: each player keeps the direction the first \
             move set)",
        )
        .example("lift when previous_lifted == 0 or clockwise and previous_clockwise")
        .words(&["previous_counterclockwise"]),
    value("round", "`round`")
        .means(
            "the round of a match being played, from 1 (1 in a game without rounds). Rules that read it run on \
             the general interpreter",
        )
        .example("lift when round > 1 or count(origin) > 1"),
    value("turns_played", "`turns_played` / `extra_turns`")
        .means(
            "the turns played so far this round (a move that earns an extra turn does not end its player's turn; \
             a pass is not a turn played), and the extra turns earned by the moves since the last move that \
             earned none (a pass changes neither; both 0 at a round's start, and at most 255). A move's own rules \
             read the counts from before it. Positions keep them only for rules that read them (MancalaGames' \
             `nocaptmoves`: no captures in the first turns; \
             `capt_rturn = ONCE`: never two repeat turns in a row)",
        )
        .example("on sowing_end when turns_played >= 1 and count(landing) == 4 { capture landing to mover }")
        .words(&["extra_turns"]),
    entry("and", Kind::Operator, "", "`a and b`, `a or b`, `not a`, `(a)`")
        .means(
            "conditions joined: `and` binds tighter than `or`; `not` negates the condition after it. A call's `(` \
             follows its name directly (`count(landing)`); after a keyword, `when (a or b) and c` groups as written.",
        )
        .example("landing in opponent_row and (count(landing) == 2 or count(landing) == 3)")
        .words(&["or", "not"]),
    entry("when", Kind::Keyword, "", "`… when CONDITION`")
        .means(
            "the condition of a statement or rule. It may start on the next line, and a line may start with `and` \
             or `or` to go on with it. A line starting with an operator always goes on with the statement above; \
             a line *ending* with one, followed by a line that starts with a statement of the block \
             (`… and` then `origin sown`), is reported as an operator left without its right side.",
        )
        .example("lift when count(origin) > 0"),
    // holes
    entry("origin", Kind::Hole, "", "`origin`").means("the hole the move lifted").example("count(origin) > 0"),
    entry("lap_origin", Kind::Hole, "", "`lap_origin`")
        .means(
            "the hole the current lap was sown from: the move's `origin` on the first lap, then the hole a relay \
             lifted, or its `from` hole (Omweso sows captured seeds from where the capturing lap began: \
             `relay lift … from lap_origin`)",
        )
        .example("relay lift opposite(landing) from lap_origin when count(landing) > 1"),
    entry("landing", Kind::Hole, "", "`landing`")
        .means("where the last seed of the lap fell; in `lift when`, where the move's first lap would end")
        .example("count(landing) > 1")
        .scope(Scope::AfterLap),
    entry("next", Kind::Hole, "", "`next`")
        .means(
            "the hole after `landing` on the mover's track (closed holes passed over)",
        )
        .example("relay lift next when count(next) > 0")
        .scope(Scope::AfterLap),
    entry("after", Kind::Hole, "", "`after`")
        .means("the hole after `next`")
        .example("capture after to mover")
        .scope(Scope::AfterLap),
    entry("hole", Kind::Hole, "", "`hole`")
        .means("the hole that just received a seed (in `on drop`), or the hole a `sweep` visits")
        .example("on drop when count(hole) == 4 {\n  capture hole to owner(hole)\n}")
        .scope(Scope::Dropped),
    entry("opposite", Kind::Hole, "", "`opposite(HOLE)`")
        .means(
            "the facing hole: `S.a` faces `N.last` (C-4); on three, four or six rows the opponent's hole in the \
             same column and as many rows from their edge (inner faces inner, outer faces outer), or where they \
             have none there, their hole in the column nearest to `HOLE` (3×6: South's `a` faces North's `f`, \
             South's `i` in the middle row faces North's `c`); on one row the hole as far from the row's right end \
             as `HOLE` is from its left",
        )
        .example("capture opposite(landing) to mover")
        .scope(Scope::Everywhere),
    entry("next", Kind::Hole, "", "`next(HOLE)`")
        .means("the open hole after `HOLE` on the mover's track (in the chosen direction; a hole off the mover's track follows its owner's)")
        .example("count(next(origin)) == 0"),
    entry("prev", Kind::Hole, "", "`prev(HOLE)`")
        .means("the open hole before `HOLE` on the mover's track (`next(HOLE)` is the one after)")
        .example("capture prev(landing) to mover"),
    entry("mirror", Kind::Hole, "", "`mirror(HOLE)`")
        .means("the hole with the same letter on the other side (`mirror(S.c)` is `N.c`; Toguz Kumalak's \"same hole\")")
        .example("claimed(mirror(landing))"),
    entry("inner", Kind::Hole, "", "`inner(HOLE)`")
        .means(
            "on three, four or six rows, the hole of `HOLE`'s owner in the same column and their innermost row \
             there (`HOLE` itself where they have one hole in that column)",
        )
        .example("count(inner(landing)) > 0"),
    entry("outer", Kind::Hole, "", "`outer(HOLE)`")
        .means(
            "on three, four or six rows, the hole of `HOLE`'s owner in the same column and their outer row \
             (`outer(opposite(landing))` is the opponent's hole behind the facing one)",
        )
        .example("capture outer(opposite(landing)) to mover"),
    entry("hole", Kind::Hole, "", "`hole(PLAYER, N)`")
        .means(
            "the player's hole whose `index` is `N` (`hole(mover, 1)` is the mover's `a`; on a 4×8 board \
             `hole(mover, 9)` and `hole(mover, 16)` are the ends of the inner row, Bao's kichwa). `N` may be \
             worked out at play from numbers, `index`, `+`, `-` and `%`: `hole(opponent, index(landing))` is the \
             opponent's hole with the landing's letter. The checker refuses an `N` that may fall outside 1 to the \
             player's holes (`(index(landing) + 1) % 9 + 1` stays inside on a 9-hole side); should a number \
             still leave that range at play, it counts on round the player's holes (0 is the last hole, one past \
             the last is `a`). A worked-out `N` is read by the general interpreter",
        )
        .example("count(hole(mover, 9)) > 0")
        .scope(Scope::Everywhere),
    entry("store", Kind::Hole, "", "`store(PLAYER)`")
        .means("a player's store (boards with `stores sown`)")
        .example("landing == store(mover)")
        .scope(Scope::Everywhere),
    // players and rows
    entry("mover", Kind::Player, "", "`mover`").means("the player moving").example("capture landing to mover"),
    entry("opponent", Kind::Player, "", "`opponent`").means("the other player").example("captured(opponent) > 24"),
    entry("starter", Kind::Player, "", "`starter`")
        .means(
            "the player who made the round's first move (South in a single game): MancalaGames' round starter, who \
             takes the last seeds under `pickextra = PICK2XLASTSEEDS`",
        )
        .example("capture every hole where count(hole) > 0 to starter"),
    entry("owner", Kind::Player, "", "`owner(HOLE)`")
        .means("the owner of the row the hole is in")
        .example("capture hole to owner(hole)"),
    entry("claimer", Kind::Player, "", "`claimer(HOLE)`")
        .means("who claimed the hole; the row's owner if nobody did")
        .example("capture hole to claimer(hole)"),
    entry("mover_row", Kind::Row, "", "`mover_row`").means("the mover's row").example("landing in mover_row"),
    entry("opponent_row", Kind::Row, "", "`opponent_row`")
        .means("the other player's row")
        .example("total(opponent_row) == 0"),
    entry("mover_inner_row", Kind::Row, "", "`mover_inner_row`")
        .means("on three, four or six rows, the mover's inner row (`mover_outer_row`: the outer one); on three rows the mover's half of the middle row")
        .example("landing in mover_inner_row"),
    entry("mover_outer_row", Kind::Row, "", "`mover_outer_row`")
        .means("on three, four or six rows, the mover's outer row (their edge's)")
        .example("landing in mover_outer_row"),
    entry("opponent_inner_row", Kind::Row, "", "`opponent_inner_row`")
        .means("on three, four or six rows, the other player's inner row")
        .example("total(opponent_inner_row) == 0"),
    entry("opponent_outer_row", Kind::Row, "", "`opponent_outer_row`")
        .means("on three, four or six rows, the other player's outer row")
        .example("total(opponent_outer_row) == 0"),
    entry("south", Kind::Player, "", "`south` / `north`")
        .means("a player named outright, whoever moves (`closed_toll to south`: MancalaGames' seeds out of play)")
        .example("closed_toll to south when hole in opponent_row"),
    entry("north", Kind::Player, "", "`north`").means("the North player, whoever moves").example("captured(north) > 24"),
];
