import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.apache.commons.rng.core.source64.SplitMix64;

import game.Game;
import game.equipment.container.Container;
import game.equipment.other.Map;
import game.types.board.SiteType;
import main.collections.FastArrayList;
import other.GameLoader;
import other.action.Action;
import other.context.Context;
import other.context.TempContext;
import other.move.Move;
import other.topology.TopologyElement;
import other.trial.Trial;

/**
 * sowspec's recorder for Ludii: plays seeded uniform random games of one Ludii game and prints
 * them as JSON lines on standard output, for tools/ludii_fixtures.py to map onto sowspec's
 * board. Written for the sowspec project; it only calls Ludii's public API (load a game, list
 * the legal moves, apply one, read the seed counts).
 *
 * Usage: java [-Dsowspec.first=true] [-Dsowspec.turns=true] [-Dsowspec.states=true] SowRecord GAME.lud GAMES SEED MAXMOVES [OPTION...]
 *
 * The first line describes the board: every site with its container and, for the board's
 * sites, the centre of the vertex or cell (x, y), and each player's store (the game's map
 * entries, when it has them). Then one line per game: the states (seed count of every site,
 * the player to move, the legal moves, the scores) before the first move and after every
 * move, and the moves played. Move i of a game is drawn uniformly among the legal moves with
 * java.util.Random(SEED * 1000003 + game), and Ludii's own generator is seeded from the same
 * number, so a run depends only on its arguments. With -Dsowspec.first=true every legal move
 * also gives the first site its sowing drops a seed in ("first"), found by playing it on a copy
 * of the state: it tells the direction of a move where the mover chooses one.
 *
 * With -Dsowspec.turns=true every state where a turn starts (the player to move is not the one
 * who made the last move) also lists its complete turns ("turns"): a depth-first search on
 * copies of the state plays each legal move and, while the same player is to move again in a
 * game not over, each of the next legal moves, and so on. A turn is the list of its moves, each
 * with the number of legal moves there were at that point ("options") and the last site its
 * sowing reached ("last_to"); with -Dsowspec.first=true its first two moves also give "first" (a
 * placement's direction is the way its hole is sown next), and so does every move that was one of
 * several legal moves (a relay lap whose way the mover chooses, Kubuguza's). A turn longer than
 * MAXMOVES moves (a relay that never ends) stops there, marked "endless".
 *
 * With -Dsowspec.states=true every state also gives the local state of each board site
 * ("site_states": Ludii's `set State`, e.g. the player who owns a wegue in the Gabata games).
 *
 * With -Dsowspec.arrange=N, once N moves are played, a player whose legal moves are a pass and
 * moves of a counter from one site to another (an arrangement before play, as Lisolo's opening)
 * passes, so that the arrangement ends (uniform play would pass twice in a row only by chance).
 */
public class SowRecord
{
	static final boolean FIRST = Boolean.getBoolean("sowspec.first");
	static final boolean TURNS = Boolean.getBoolean("sowspec.turns");
	static final boolean STATES = Boolean.getBoolean("sowspec.states");
	/** After this many moves, a player arranging counters (Lisolo's opening) passes; -1: never. */
	static final int ARRANGE = Integer.getInteger("sowspec.arrange", -1);

	/** The longest turn the search follows (MAXMOVES): longer ones are written as endless. */
	static int turnLimit = 2000;

	public static void main(final String[] args)
	{
		if (args.length < 4)
		{
			System.err.println("usage: java SowRecord GAME.lud GAMES SEED MAXMOVES [OPTION...]");
			System.exit(2);
		}
		final String name = args[0];
		final int games = Integer.parseInt(args[1]);
		final long seed = Long.parseLong(args[2]);
		final int maxMoves = Integer.parseInt(args[3]);
		turnLimit = maxMoves;
		final List<String> options = new ArrayList<>(Arrays.asList(args).subList(4, args.length));

		final Game game = options.isEmpty() ? GameLoader.loadGameFromName(name)
				: GameLoader.loadGameFromName(name, options);
		System.out.println(describe(game, options));

		final long t0 = System.nanoTime();
		long moves = 0;
		for (int g = 1; g <= games; g++)
			moves += play(game, seed, g, maxMoves);
		final double secs = (System.nanoTime() - t0) / 1e9;
		System.out.printf("{\"kind\": \"timing\", \"games\": %d, \"moves\": %d, \"seconds\": %.3f}%n", games,
				moves, secs);
	}

	/** The board line: sites, containers, coordinates, stores. */
	static String describe(final Game game, final List<String> options)
	{
		final StringBuilder sb = new StringBuilder();
		sb.append("{\"kind\": \"board\", \"name\": ").append(quote(game.name()));
		sb.append(", \"options\": [");
		for (int i = 0; i < options.size(); i++)
			sb.append(i == 0 ? "" : ", ").append(quote(options.get(i)));
		sb.append("], \"players\": ").append(game.players().count());
		sb.append(", \"score\": ").append(game.requiresScore());
		sb.append(", \"default_site\": ").append(quote(game.board().defaultSite().toString()));
		final Container[] conts = game.equipment().containers();
		sb.append(", \"containers\": [");
		for (int c = 0; c < conts.length; c++)
			sb.append(c == 0 ? "" : ", ").append("{\"name\": ").append(quote(conts[c].name()))
					.append(", \"sites\": ").append(conts[c].numSites()).append(", \"from\": ")
					.append(game.equipment().sitesFrom()[c]).append('}');
		sb.append("], \"sites\": [");
		final List<? extends TopologyElement> elems = game.board().topology()
				.getGraphElements(game.board().defaultSite());
		for (int s = 0; s < elems.size(); s++)
		{
			final TopologyElement e = elems.get(s);
			sb.append(s == 0 ? "" : ", ").append(String.format("{\"site\": %d, \"x\": %.4f, \"y\": %.4f}",
					e.index(), e.centroid().getX(), e.centroid().getY()));
		}
		sb.append("], \"maps\": [");
		final Map[] maps = game.equipment().maps();
		for (int m = 0; m < maps.length; m++)
		{
			sb.append(m == 0 ? "" : ", ").append('{');
			for (int p = 1; p <= game.players().count(); p++)
				sb.append(p == 1 ? "" : ", ").append('"').append(p).append("\": ").append(maps[m].to(p));
			sb.append('}');
		}
		sb.append("]}");
		return sb.toString();
	}

	/** Plays game number G and prints its line; returns the number of moves. */
	static int play(final Game game, final long seed, final int g, final int maxMoves)
	{
		final long gameSeed = seed * 1000003L + g;
		final Random rnd = new Random(gameSeed);
		final Trial trial = new Trial(game);
		final Context context = new Context(game, trial);
		context.rng().restoreState(new SplitMix64(Long.valueOf(gameSeed)).saveState());
		game.start(context);

		final StringBuilder states = new StringBuilder();
		final StringBuilder moves = new StringBuilder();
		states.append(state(game, context));
		int n = 0;
		while (!trial.over() && n < maxMoves)
		{
			final FastArrayList<Move> legal = game.moves(context).moves();
			final Move drawn = legal.get(rnd.nextInt(legal.size()));
			final Move m = ARRANGE >= 0 && n >= ARRANGE ? arrangementOver(legal, drawn) : drawn;
			final int mover = context.state().mover();
			final int first = FIRST && !m.isPass() ? firstSown(game, context, m) : -1;
			game.apply(context, m);
			final Move done = trial.lastMove();
			moves.append(n == 0 ? "" : ", ").append(String.format(
					"{\"mover\": %d, \"from\": %d, \"to\": %d, \"pass\": %b, \"last_to\": %d, \"first\": %d, \"text\": %s}",
					mover, m.from(), m.to(), m.isPass(), done.toAfterSubsequents(), first, quote(m.toString())));
			states.append(", ").append(state(game, context));
			n++;
		}
		System.out.println("{\"kind\": \"game\", \"game\": " + g + ", \"seed\": " + seed + ", \"capped\": "
				+ !trial.over() + ", \"moves\": [" + moves + "], \"states\": [" + states + "]}");
		return n;
	}

	/** One state: counts of every site, mover, legal moves, scores, and the end. */
	static String state(final Game game, final Context context)
	{
		final StringBuilder sb = new StringBuilder("{\"counts\": [");
		final int[] cid = context.containerId();
		final int total = game.equipment().totalDefaultSites();
		for (int s = 0; s < total; s++)
		{
			final SiteType t = cid[s] == 0 ? game.board().defaultSite() : SiteType.Cell;
			// A stacking game (largeStack: O An Quan) keeps a site's seeds as a stack of pieces,
			// each of count 1: its seeds are the stack's size.
			final int n = game.isStacking() ? context.containerState(cid[s]).sizeStack(s, t)
					: context.containerState(cid[s]).count(s, t);
			sb.append(s == 0 ? "" : ", ").append(n);
		}
		if (STATES)
		{
			sb.append("], \"site_states\": [");
			final int boardSites = game.board().topology().getGraphElements(game.board().defaultSite()).size();
			for (int s = 0; s < boardSites; s++)
				sb.append(s == 0 ? "" : ", ").append(context.containerState(0).state(s, game.board().defaultSite()));
		}
		final int players = game.players().count();
		sb.append("], \"mover\": ").append(context.state().mover());
		sb.append(", \"prev\": ").append(context.state().prev());
		sb.append(", \"scores\": [");
		for (int p = 1; p <= players; p++)
			sb.append(p == 1 ? "" : ", ").append(game.requiresScore() ? context.score(p) : 0);
		sb.append("], \"values\": [");
		for (int p = 1; p <= players; p++)
			sb.append(p == 1 ? "" : ", ").append(context.state().getValue(p));
		sb.append(']');
		final Trial trial = context.trial();
		if (trial.over())
		{
			sb.append(", \"over\": true, \"winner\": ").append(trial.status().winner());
			sb.append(", \"end_type\": ").append(quote(String.valueOf(trial.status().endType())));
			sb.append(", \"ranking\": [");
			for (int p = 1; p <= players; p++)
				sb.append(p == 1 ? "" : ", ").append(trial.ranking()[p]);
			sb.append("], \"legal\": []}");
			return sb.toString();
		}
		sb.append(", \"over\": false, \"legal\": [");
		final FastArrayList<Move> legal = game.moves(context).moves();
		for (int i = 0; i < legal.size(); i++)
		{
			final Move m = legal.get(i);
			sb.append(i == 0 ? "" : ", ").append(String.format(
					"{\"mover\": %d, \"from\": %d, \"to\": %d, \"pass\": %b, \"first\": %d}", m.mover(), m.from(),
					m.to(), m.isPass(), FIRST && !m.isPass() ? firstSown(game, context, m) : -1));
		}
		sb.append(']');
		if (TURNS && context.state().prev() != context.state().mover())
		{
			sb.append(", \"turns\": [");
			turns(game, context, false, context.state().mover(), new ArrayList<>(), sb);
			sb.append(']');
		}
		sb.append('}');
		return sb.toString();
	}

	/**
	 * Appends to OUT every complete turn of MOVER from CONTEXT, each preceded by the moves of PATH
	 * (a JSON array of moves). CONTEXT is changed only when OWNED (a copy made here).
	 */
	static void turns(final Game game, final Context context, final boolean owned, final int mover,
			final List<String> path, final StringBuilder out)
	{
		final FastArrayList<Move> legal = game.moves(context).moves();
		for (final Move m : legal)
		{
			// A forced move on a copy of our own is played in place: relay laps cost no copy.
			final Context next = owned && legal.size() == 1 ? context : new TempContext(context);
			// (The second move too: a placement's direction is the way its hole is sown next; and any
			// move among others: a relay lap's way, when the mover may choose it, as in Kubuguza.)
			final int first = FIRST && !m.isPass() && (path.size() <= 1 || legal.size() > 1)
					? firstSown(game, next, m) : -1;
			game.apply(next, m);
			path.add(String.format("{\"from\": %d, \"to\": %d, \"pass\": %b, \"options\": %d, \"last_to\": %d, \"first\": %d}",
					m.from(), m.to(), m.isPass(), legal.size(), next.trial().lastMove().toAfterSubsequents(), first));
			final boolean endless = path.size() >= turnLimit;
			if (next.trial().over() || next.state().mover() != mover || endless)
			{
				out.append(out.charAt(out.length() - 1) == '[' ? "" : ", ").append("{\"moves\": [")
						.append(String.join(", ", path)).append("], \"endless\": ").append(endless).append('}');
			}
			else
				turns(game, next, true, mover, path, out);
			path.remove(path.size() - 1);
		}
	}

	/**
	 * The pass among LEGAL when every other move there moves a counter from one site to another
	 * (an arrangement before play, as Lisolo's opening); otherwise DRAWN.
	 */
	static Move arrangementOver(final FastArrayList<Move> legal, final Move drawn)
	{
		Move pass = null;
		for (final Move l : legal)
		{
			if (l.isPass())
				pass = l;
			else if (l.from() == l.to())
				return drawn;
		}
		return pass == null ? drawn : pass;
	}

	/** The first site other than its origin that move M drops a seed in, played on a copy; -1 if none. */
	static int firstSown(final Game game, final Context context, final Move m)
	{
		final Context copy = new TempContext(context);
		game.apply(copy, m);
		for (final Action a : copy.trial().lastMove().actions())
			if (a.from() == m.from() && a.to() != m.from() && a.to() >= 0)
				return a.to();
		return -1;
	}

	static String quote(final String s)
	{
		final StringBuilder sb = new StringBuilder("\"");
		for (final char c : s.toCharArray())
		{
			if (c == '"' || c == '\\')
				sb.append('\\').append(c);
			else if (c < 0x20)
				sb.append(String.format("\\u%04x", (int) c));
			else
				sb.append(c);
		}
		return sb.append('"').toString();
	}
}
