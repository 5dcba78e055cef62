//! The board, the players and the kinds of piece: the declarations
//! everything else is checked against.

use super::{Checker, regions};
use crate::diag::{Diagnostic, Kind};
use crate::diag::{Span, Spanned};
use crate::rules::PlayerId;
use crate::rules::{
    Board, CellSet, Dir, MAX_CELLS, MAX_FILES, MAX_KINDS, MAX_PIECES, MAX_RANKS, PerPlayer, Player,
    SetupPiece, Shape,
};
use crate::syntax::ast::{BoardShape, Decl, DeclKind, DirWord, Region};

/// The largest hexagon whose grid (`2N - 1` cells each way) fits 256 cells.
const MAX_HEXAGON_SIDE: u64 = 8;

impl Checker {
    pub(super) fn board(&mut self, decl: Option<&Decl>) -> Option<Board> {
        let Some(Decl {
            kind:
                DeclKind::Board {
                    shape,
                    width,
                    height,
                    without,
                },
            ..
        }) = decl
        else {
            self.missing(Kind::NoBoard);
            return None;
        };
        let shape = match shape {
            BoardShape::Square => Shape::Square,
            BoardShape::Hex => Shape::Hex,
            BoardShape::Hexagon => Shape::Hexagon,
        };
        if shape == Shape::Hexagon {
            // The grid of a hexagon of side N is 2N - 1 cells each way.
            let side = self.number_in(width, 1, MAX_HEXAGON_SIDE, "the side of a hexagon")?;
            return self.shaped_board(shape, side as u8, side as u8, without.as_ref(), width.span);
        }
        let w = self.number_in(width, 1, MAX_FILES as u64, "the number of files");
        let h = self.number_in(height, 1, MAX_RANKS as u64, "the number of ranks");
        let (w, h) = (w?, h?);
        if w * h > MAX_CELLS as u64 {
            let span = width.span.to(height.span);
            self.report(
                Kind::BoardTooLarge {
                    width: w,
                    height: h,
                    max: MAX_CELLS,
                },
                span,
            );
            return None;
        }
        self.shaped_board(shape, w as u8, h as u8, without.as_ref(), width.span)
    }

    /// The board of a checked size, less its `without` cells.
    fn shaped_board(
        &mut self,
        shape: Shape,
        width: u8,
        height: u8,
        without: Option<&Region>,
        size_span: Span,
    ) -> Option<Board> {
        let holes = match without {
            Some(region) => regions::holes(shape, width, height, region, &mut self.diags),
            None => CellSet::EMPTY,
        };
        let board = Board::shaped(shape, width, height, holes);
        if board.cells.is_empty() {
            let span = without.map_or(size_span, |r| r.span);
            self.report(Kind::NoCellLeft, span);
            return None;
        }
        Some(board)
    }

    pub(super) fn players(&mut self, decl: Option<&Decl>) -> Option<PerPlayer<Player>> {
        let Some(Decl {
            kind: DeclKind::Players(entries),
            span,
        }) = decl
        else {
            self.missing(Kind::NoPlayers);
            return None;
        };
        let mut ok = true;
        let mut firsts = std::collections::HashMap::new();
        for e in entries {
            if self.listed_again("player", &e.name, &mut firsts) {
                ok = false;
            }
        }
        if entries.len() != 2 {
            self.report(
                Kind::NotTwoPlayers {
                    count: entries.len(),
                },
                *span,
            );
            return None;
        }
        if !ok {
            return None;
        }
        let defaults = [Dir::Up, Dir::Down];
        let players = PlayerId::BOTH.map(|i| {
            let e = &entries[i];
            let facing = match e.facing.as_ref().map(|f| f.node) {
                Some(DirWord::Up) => Dir::Up,
                Some(DirWord::Down) => Dir::Down,
                Some(DirWord::Left) => Dir::Left,
                Some(DirWord::Right) => Dir::Right,
                _ => defaults[i],
            };
            Player {
                name: e.name.node.clone(),
                facing,
            }
        });
        Some(players)
    }

    /// Every player owns at most `MAX_PIECES` pieces, counting stacks and reserve.
    pub(super) fn piece_totals(
        &mut self,
        players: &PerPlayer<Player>,
        setup: &[SetupPiece],
        reserve: &PerPlayer<Vec<u32>>,
        decls: &[Decl],
    ) {
        for (p, player) in players.iter().enumerate() {
            let total: u32 = setup
                .iter()
                .filter(|s| s.player == Some(PlayerId::new(p)))
                .map(|s| s.height)
                .sum::<u32>()
                + reserve[p].iter().sum::<u32>();
            if total > MAX_PIECES {
                let span = decls
                    .iter()
                    .find(|d| matches!(d.kind, DeclKind::Setup(_) | DeclKind::Reserve(_)))
                    .map_or(self.file_start, |d| d.span);
                self.report(
                    Kind::TooManyPieces {
                        player: player.name.clone(),
                        total: u64::from(total),
                        max: MAX_PIECES as usize,
                    },
                    span,
                );
            }
        }
    }

    /// The kinds of `pieces`, and which of them are neutral.
    pub(super) fn kinds(&mut self, decl: Option<&Decl>) -> (Vec<String>, Vec<bool>) {
        let Some(Decl {
            kind: DeclKind::Pieces(kinds),
            ..
        }) = decl
        else {
            return (vec!["piece".to_string()], vec![false]);
        };
        let mut out: Vec<String> = Vec::new();
        let mut neutral = Vec::new();
        let mut firsts = std::collections::HashMap::new();
        for k in kinds {
            let n = &k.name;
            if self.listed_again("piece", n, &mut firsts) {
            } else if out.len() == MAX_KINDS {
                self.report(Kind::TooManyKinds { max: MAX_KINDS }, n.span);
            } else {
                out.push(n.node.clone());
                neutral.push(k.neutral);
            }
        }
        (out, neutral)
    }

    /// Whether `name` was listed before in its list (`firsts` holds each
    /// name's first place, so that a list of a hundred thousand names is
    /// not looked back along for each): then it says so.
    fn listed_again<'n>(
        &mut self,
        thing: &'static str,
        name: &'n Spanned<String>,
        firsts: &mut std::collections::HashMap<&'n str, Span>,
    ) -> bool {
        let first = *firsts.entry(name.node.as_str()).or_insert(name.span);
        if first == name.span {
            return false;
        }
        self.diags.push(
            Diagnostic::new(
                Kind::Duplicate {
                    thing,
                    name: name.node.clone(),
                    whose: String::new(),
                },
                name.span,
            )
            .with_note(first, "first listed here"),
        );
        true
    }
}
