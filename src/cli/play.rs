//! `sowspec play`: apply `--moves` and print the positions, or play
//! interactively (against another person or the computer).

use super::{apply_moves, load_game, paint_out, CmdResult, GameSetup};
use sowspec::protocol::PositionsDoc;
use sowspec::render;
use sowspec::strategy::Strategy;
use sowspec::trace::Event;
use sowspec::{IllegalMove, Machine, Move, Player, Position};
use sowspec_core::protocol::PositionDoc;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Applies the moves; prints every position (human or JSON protocol).
pub fn batch(setup: &GameSetup, moves: &[String], json: bool) -> CmdResult {
    let (m, _, start) = load_game(setup)?;
    let mut docs = vec![PositionDoc::of(&m, &start)];
    let mut human = format!("start\n{}", render::board(&m, &start));
    apply_moves(&m, start, moves, |ply, mover, mv, pos, events| {
        if json {
            docs.push(PositionDoc::of(&m, pos));
        } else {
            human += &format!(
                "\nply {ply}: {mover} plays {mv} — {}\n{}",
                render::summary(&m, events),
                render::board(&m, pos)
            );
        }
    })?;
    if json {
        println!("{}", serde_json::to_string(&PositionsDoc { positions: docs }).expect("positions serialise"));
    } else {
        print!("{human}");
    }
    Ok(ExitCode::SUCCESS)
}

const HELP: &str = "Type a hole letter to move, or: undo, trace, board, help, quit (or q, exit, end of input).";

/// What [`HELP`] adds for rules whose players hold seeds in hand.
const HELP_HANDS: &str = "`*c` places a seed from your hand into hole c (`*c+`, `*c-` with a direction).";

/// What [`HELP`] adds for rules whose rounds a player lays out.
const HELP_LAYOUT: &str = "At a round's start `=a.c` lays the round out: the holes chosen, in letter order.";

/// The help line for `m`'s rules.
fn help(m: &Machine) -> String {
    let mut line = HELP.to_string();
    if m.rules().hands().is_some() {
        line = format!("{line} {HELP_HANDS}");
    }
    if m.rules().lays_out() {
        line = format!("{line} {HELP_LAYOUT}");
    }
    line
}

/// The words that leave the game.
fn is_quit(word: &str) -> bool {
    matches!(word, "quit" | "q" | "exit")
}

/// One entry of the game's history: the position before a move, and the move's events.
struct Played {
    before: Position,
    events: Vec<Event>,
}

/// Plays in the terminal, reading commands from standard input.
pub fn interactive(setup: &GameSetup, vs: Option<Strategy>, human: Player, seed: u64) -> CmdResult {
    let (m, source, start) = load_game(setup)?;
    let mut dice = sowspec::strategy::Dice::seeded(seed);
    let mut pos = start;
    let mut history: Vec<Played> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    let help = help(&m);
    println!("{} — {help}", m.rules().name());
    print!("{}", render::board(&m, &pos));
    loop {
        let Some(mover) = pos.to_move() else {
            println!("The game is over. Type `undo` to take back a move, or `quit`.");
            match lines.next() {
                Some(Ok(l)) if l.trim() == "undo" => {
                    undo(&mut pos, &mut history, vs.is_some(), human);
                    print!("{}", render::board(&m, &pos));
                    continue;
                }
                _ => return Ok(ExitCode::SUCCESS),
            }
        };
        if let Some(strategy) = vs.filter(|_| mover != human) {
            let mv = strategy.choose(&m, &pos, &mut dice).expect("the machine's own position");
            play(&m, &mut pos, &mut history, mv).expect("the computer chooses a legal move");
            continue;
        }
        let legal: Vec<String> = m.legal_moves(&pos).unwrap_or_default().iter().map(Move::to_string).collect();
        print!("{mover} to move ({}) > ", legal.join(" "));
        out.flush().ok();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return Ok(ExitCode::SUCCESS);
        };
        match line.trim() {
            "" => {}
            w if is_quit(w) => return Ok(ExitCode::SUCCESS),
            "help" => println!("{help}"),
            "board" => print!("{}", render::board(&m, &pos)),
            "undo" => {
                if history.is_empty() {
                    println!("nothing to undo");
                } else {
                    undo(&mut pos, &mut history, vs.is_some(), human);
                    print!("{}", render::board(&m, &pos));
                }
            }
            "trace" => match history.last() {
                Some(p) => {
                    print!("{}", render::trace(&m, &p.events, &setup.rules.display().to_string(), &source, paint_out()))
                }
                None => println!("no move yet"),
            },
            word => match Move::parse(word).filter(|mv| mv.hole.index() < m.move_holes()) {
                Some(mv) => {
                    if let Err(e) = play(&m, &mut pos, &mut history, mv) {
                        println!("`{word}` is illegal: {}", e.reason);
                    }
                }
                None => println!("`{word}` is neither a hole letter nor a command. {help}"),
            },
        }
    }
}

/// Plays `mv` (traced, so that `trace` can show it), prints it and the board.
///
/// # Errors
/// The move is illegal; nothing changed.
fn play(m: &Machine, pos: &mut Position, history: &mut Vec<Played>, mv: Move) -> Result<(), IllegalMove> {
    let mover = pos.to_move().expect("a player to move");
    let mut events = Vec::new();
    let next = m.play_traced(pos, mv, &mut events)?;
    println!("{mover} plays {mv} — {}", render::summary(m, &events));
    history.push(Played { before: std::mem::replace(pos, next), events });
    print!("{}", render::board(m, pos));
    Ok(())
}

/// Takes back moves until it is the human's turn again (one move against a person).
fn undo(pos: &mut Position, history: &mut Vec<Played>, vs_computer: bool, human: Player) {
    while let Some(p) = history.pop() {
        *pos = p.before;
        if !vs_computer || pos.to_move() == Some(human) {
            break;
        }
    }
}
