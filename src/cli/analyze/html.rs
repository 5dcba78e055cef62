//! The report as one self-contained page: its charts are inline SVG, with
//! no script, style sheet or font fetched from anywhere.

use std::fmt::Write;

use super::{GameReport, Report};
use crate::ai::Rate;

/// The colours of the wins of the player who moves first, of drawn or
/// unfinished games, and of the wins of the other player, as the bars
/// show them from left to right.
const COLOURS: [&str; 3] = ["#c0392b", "#b0b0b0", "#2c7fb8"];
/// The width of every chart, in pixels.
const WIDTH: f64 = 640.0;

/// The line that marks a page as written by `gamut analyze`: only a
/// file whose head holds it is ever replaced by another page.
pub(super) const GENERATOR: &str = "<meta name=\"generator\" content=\"gamut analyze\">";

/// The page.
pub(super) fn page(report: &Report) -> String {
    let names: Vec<String> = super::labels(report).iter().map(|l| escape(l)).collect();
    let title = format!("gamut analyze: {}", names.join(" and "));
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n{GENERATOR}\n<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
    );
    let players = escape(&super::players_words(report));
    let _ = writeln!(
        out,
        "<p>{} self-play games of each game, {players}, seed {}, stopped at {} moves{}.</p>",
        report.games,
        report.seed,
        report.ply_cap,
        report
            .shard
            .as_ref()
            .map_or(String::new(), |s| format!(", slice {}", escape(s)))
    );
    if report.interrupted {
        out.push_str(
            "<p>Interrupted by Ctrl-C: the figures are of the games played by then.</p>\n",
        );
    }
    if report.players[0] != report.players[1] {
        out.push_str("<p>The sides are played by different players: who wins says as much of the players as of the game.</p>\n");
    }
    out.push_str("<h2>Who wins</h2>\n");
    out.push_str(&outcomes_chart(report));
    if report.skill.len() >= 2 {
        let _ = writeln!(
            out,
            "<h2>Skill trace</h2>\n<p>Each player of the ladder ({}) against the one below it, {} games a pair, both sides in turn: its score, with its 95&#160;% interval. A score clearly above 50&#160;% means more thinking wins.</p>",
            escape(&report.skill.join(", ")),
            report.skill_games
        );
        out.push_str(&skill_chart(report));
    }
    for (r, label) in report.results.iter().zip(super::labels(report)) {
        out.push_str(&game_section(report, r, &label));
    }
    out.push_str("</body>\n</html>\n");
    out
}

const STYLE: &str =
    "body { font-family: sans-serif; max-width: 720px; margin: 2em auto; color: #222; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
table { border-collapse: collapse; }
td, th { padding: 0.15em 0.8em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg { display: block; margin: 0.5em 0 1em; }
svg text { font-family: sans-serif; font-size: 12px; fill: #222; }
";

/// For each game, its name and the first player's score in words, a bar
/// of the first player's wins, the drawn and unfinished games and the
/// second player's wins, and under it the first player's score with its
/// interval.
fn outcomes_chart(report: &Report) -> String {
    let row = 74.0;
    let left = 10.0;
    let span = WIDTH - left - 20.0;
    let height = row * report.results.len() as f64 + 24.0;
    let mut svg = svg_open(WIDTH, height, "Who wins each game");
    for ((g, r), label) in report.results.iter().enumerate().zip(super::labels(report)) {
        let y = 4.0 + row * g as f64;
        let o = &r.figures.outcomes;
        let (first, second) = (o.first, 1 - o.first);
        let fp = o.first_player;
        let _ = write!(
            svg,
            "<text x=\"{left}\" y=\"{}\"><tspan font-weight=\"bold\">{}</tspan>: {} (first) scores {}</text>",
            y + 12.0,
            escape(&label),
            escape(&r.players[first]),
            rate_words(fp)
        );
        let bar_y = y + 20.0;
        let mut x = left;
        let parts = [
            (o.wins[first].value, format!("{} wins", r.players[first])),
            (
                o.draws.value + o.unfinished.value,
                "drawn or unfinished".to_string(),
            ),
            (o.wins[second].value, format!("{} wins", r.players[second])),
        ];
        for (i, (share, what)) in parts.iter().enumerate() {
            let w = share * span;
            let _ = write!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{bar_y:.1}\" width=\"{w:.1}\" height=\"20\" fill=\"{}\"><title>{}: {:.1}%</title></rect>",
                COLOURS[i],
                escape(what),
                share * 100.0
            );
            x += w;
        }
        // 50 %, across the bar and its whisker (not the words above).
        let mid = left + span / 2.0;
        let _ = write!(
            svg,
            "<line x1=\"{mid}\" x2=\"{mid}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#222\" stroke-dasharray=\"3,3\"/>",
            bar_y - 3.0,
            bar_y + 38.0
        );
        // The first player's score and its interval, under the bar.
        let wy = bar_y + 32.0;
        let _ = write!(
            svg,
            "<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{wy}\" y2=\"{wy}\" stroke=\"#222\" stroke-width=\"2\"/><circle cx=\"{:.1}\" cy=\"{wy}\" r=\"4\" fill=\"#222\"><title>{} scores {}</title></circle>",
            left + fp.low * span,
            left + fp.high * span,
            left + fp.value * span,
            escape(&r.players[first]),
            rate_words(fp)
        );
    }
    // The scale.
    for (share, anchor) in [(0.0, "start"), (0.5, "middle"), (1.0, "end")] {
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"{anchor}\">{}%</text>",
            left + share * span,
            height - 4.0,
            share * 100.0
        );
    }
    svg.push_str("</svg>\n");
    let legend: Vec<String> = if super::same_sides(report) {
        let r = &report.results[0];
        let first = r.figures.outcomes.first;
        vec![
            swatch(
                COLOURS[0],
                &format!("{} wins (moves first)", r.players[first]),
            ),
            swatch(COLOURS[1], "drawn or unfinished"),
            swatch(COLOURS[2], &format!("{} wins", r.players[1 - first])),
        ]
    } else {
        vec![
            swatch(COLOURS[0], "the first player wins"),
            swatch(COLOURS[1], "drawn or unfinished"),
            swatch(COLOURS[2], "the second player wins"),
        ]
    };
    format!(
        "{svg}<p>{} &#8212; the line under each bar: the first player's score (draws and unfinished games as halves) with its 95&#160;% interval; the dashes: 50&#160;%.</p>\n",
        legend.join(" ")
    )
}

fn swatch(colour: &str, label: &str) -> String {
    format!(
        "<span style=\"display:inline-block;width:0.9em;height:0.9em;background:{colour}\"></span> {}",
        escape(label)
    )
}

/// Each game's skill trace: the score of each rung against the one below.
fn skill_chart(report: &Report) -> String {
    let steps = report.skill.len() - 1;
    let left = 40.0;
    let top = 10.0;
    let plot = 160.0;
    let height = top + plot + 40.0 + 16.0 * report.results.len() as f64;
    let span = WIDTH - left - 20.0;
    let mut svg = svg_open(WIDTH, height, "Skill trace");
    let y_of = |share: f64| top + plot * (1.0 - share);
    for (share, dash) in [(0.0, ""), (0.5, " stroke-dasharray=\"3,3\""), (1.0, "")] {
        let y = y_of(share);
        let _ = write!(
            svg,
            "<line x1=\"{left}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#999\"{dash}/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}%</text>",
            left + span,
            left - 4.0,
            y + 4.0,
            share * 100.0
        );
    }
    let x_of = |step: usize, g: usize| {
        let slot = span / steps as f64;
        left + slot * (step as f64 + 0.5)
            + (g as f64 - (report.results.len() as f64 - 1.0) / 2.0) * 10.0
    };
    for (step, pair) in report.skill.windows(2).enumerate() {
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{} over {}</text>",
            x_of(step, (report.results.len() - 1) / 2),
            top + plot + 18.0,
            escape(&pair[1]),
            escape(&pair[0])
        );
    }
    let palette = ["#222", "#d95f0e", "#1b9e77", "#7570b3", "#e7298a"];
    let labels = super::labels(report);
    for (g, r) in report.results.iter().enumerate() {
        let colour = palette[g % palette.len()];
        let mut points = Vec::new();
        for (step, s) in r.figures.skill.iter().enumerate() {
            // A pair that played no game (a run cut short) has no point.
            if r.counts.ladder.get(step).is_none_or(|c| c.games == 0) {
                continue;
            }
            let x = x_of(step, g);
            points.push(format!("{x:.1},{:.1}", y_of(s.value)));
            let _ = write!(
                svg,
                "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/><circle cx=\"{x:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"{colour}\"><title>{}: {}</title></circle>",
                y_of(s.low),
                y_of(s.high),
                y_of(s.value),
                escape(&labels[g]),
                rate_words(*s)
            );
        }
        let _ = write!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-opacity=\"0.5\"/>",
            points.join(" ")
        );
        let ly = top + plot + 36.0 + 16.0 * g as f64;
        let _ = write!(
            svg,
            "<circle cx=\"{}\" cy=\"{:.1}\" r=\"4\" fill=\"{colour}\"/><text x=\"{}\" y=\"{:.1}\">{}</text>",
            left + 6.0,
            ly - 4.0,
            left + 16.0,
            ly,
            escape(&labels[g])
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One game: its figures, lengths, branching and map of landings.
fn game_section(report: &Report, r: &GameReport, label: &str) -> String {
    let rungs = &report.skill;
    let f = &r.figures;
    let o = &f.outcomes;
    let mut out = format!(
        "<h2>{}</h2>\n<p>From <code>{}</code>.</p>\n<table>\n",
        escape(label),
        escape(&r.source)
    );
    let mut row = |label: &str, value: String| {
        let _ = writeln!(out, "<tr><th>{label}</th><td class=\"n\">{value}</td></tr>");
    };
    row("games", r.counts.games.to_string());
    // No game, no figure: a dash, as in the table (a run cut short, a
    // slice with no game of its own).
    let played = r.counts.games > 0;
    let shown = |text: String| if played { text } else { "-".to_string() };
    for (mover, place) in [(0, "moves first"), (1, "moves second")] {
        let p = (o.first + mover) % 2;
        row(
            &format!("{} wins ({place})", escape(&r.players[p])),
            shown(rate_words(o.wins[p])),
        );
    }
    row(
        "draws",
        shown(match o.draws {
            d if d.value > 0.0 => rate_words(d),
            d => format!("{:.1}%", d.value * 100.0),
        }),
    );
    row(
        "unfinished",
        shown(format!("{:.1}%", o.unfinished.value * 100.0)),
    );
    row("first player scores", shown(rate_words(o.first_player)));
    row("balance", escape(&super::balance(report, r)));
    let l = &f.length;
    row(
        "length",
        format!(
            "{:.1} ± {:.1} moves; median {}, quartiles {} and {}; {} to {}",
            l.mean, l.spread, l.median, l.quartile_1, l.quartile_3, l.min, l.max
        ),
    );
    row("legal moves a turn", format!("{:.1}", f.branching.mean));
    row(
        "forced moves",
        format!("{:.1}%", f.branching.forced * 100.0),
    );
    row("board used a game", format!("{:.1}%", f.board_used * 100.0));
    if rungs.len() >= 2 {
        row("depth", escape(&super::depth(report, r)));
    }
    out.push_str("</table>\n<h3>Game lengths</h3>\n");
    out.push_str(&histogram(r));
    out.push_str("<h3>Legal moves a turn, by tenth of the game</h3>\n");
    out.push_str(&branching_chart(r));
    out.push_str("<h3>Where moves land</h3>\n");
    out.push_str(&heat_map(r));
    out
}

/// Bars of how many games lasted each span of lengths.
fn histogram(r: &GameReport) -> String {
    let bins = &r.figures.length.histogram;
    let bars: Vec<Bar> = bins
        .iter()
        .enumerate()
        .map(|(i, b)| Bar {
            value: Some(b.games as f64),
            title: format!(
                "{}-{} moves: {}",
                b.from,
                b.to,
                crate::cli::counted(b.games, "game")
            ),
            // Dense bins are labelled every fourth.
            label: (i == 0 || i + 1 == bins.len() || bins.len() <= 10 || i % 4 == 0)
                .then(|| b.from.to_string()),
        })
        .collect();
    bar_chart("Game lengths", 140.0, "#2c7fb8", 1.0, &bars)
}

/// Bars of the legal moves a turn in each tenth of the games.
fn branching_chart(r: &GameReport) -> String {
    let bars: Vec<Bar> = r
        .figures
        .branching
        .by_tenth
        .iter()
        .enumerate()
        .map(|(i, t)| Bar {
            value: *t,
            title: t.map_or(String::new(), |t| {
                format!(
                    "from {}% to {}% of the game: {t:.1} legal moves",
                    i * 10,
                    i * 10 + 10
                )
            }),
            label: Some(format!("{}%", i * 10)),
        })
        .collect();
    bar_chart(
        "Legal moves by tenth of the game",
        100.0,
        "#1b9e77",
        2.0,
        &bars,
    )
}

/// One bar of a [`bar_chart`]: its height (none drawn for `None`), what
/// hovering it says, and the label under it, if any.
struct Bar {
    value: Option<f64>,
    title: String,
    label: Option<String>,
}

/// Bars side by side, `plot` pixels high at the tallest (whose value is
/// written at the top left), `gap` pixels apart on each side.
fn bar_chart(aria: &str, plot: f64, colour: &str, gap: f64, bars: &[Bar]) -> String {
    let (left, top) = (40.0, 10.0);
    let span = WIDTH - left - 20.0;
    let mut svg = svg_open(WIDTH, top + plot + 24.0, aria);
    let most = bars
        .iter()
        .filter_map(|b| b.value)
        .fold(0.0, f64::max)
        .max(1.0);
    let slot = span / bars.len().max(1) as f64;
    for (i, bar) in bars.iter().enumerate() {
        let x = left + slot * i as f64;
        if let Some(value) = bar.value {
            let h = plot * value / most;
            let _ = write!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{colour}\"><title>{}</title></rect>",
                x + gap,
                top + plot - h,
                (slot - 2.0 * gap).max(1.0),
                escape(&bar.title)
            );
        }
        if let Some(label) = &bar.label {
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                x + slot / 2.0,
                top + plot + 16.0,
                escape(label)
            );
        }
    }
    let _ = write!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{most:.0}</text>",
        left - 4.0,
        top + 10.0
    );
    svg.push_str("</svg>\n");
    svg
}

/// The board, each cell shaded by how many moves landed on it: squares,
/// or hexagons with each rank half a cell right of the one below.
fn heat_map(r: &GameReport) -> String {
    let map = &r.board;
    let most = r.counts.landings.iter().copied().max().unwrap_or(0).max(1) as f64;
    let size: f64 = (400.0 / f64::from(map.width.max(map.height))).clamp(14.0, 48.0);
    let margin = 24.0;
    // Room above the top rank for a hexagon's point.
    let pad = if map.hex { size * 0.1 + 2.0 } else { 2.0 };
    // The centre of a cell, in cell sizes from the top left.
    let centre = |file: u8, rank: u8| -> (f64, f64) {
        let up = f64::from(map.height) - 1.0 - f64::from(rank);
        if map.hex {
            (
                f64::from(file) + f64::from(rank) / 2.0 + 0.5,
                up * 0.866 + 0.5,
            )
        } else {
            (f64::from(file) + 0.5, up + 0.5)
        }
    };
    let (cols, rows) = if map.hex {
        (
            f64::from(map.width) + f64::from(map.height) / 2.0,
            f64::from(map.height) * 0.866 + 0.2,
        )
    } else {
        (f64::from(map.width), f64::from(map.height))
    };
    let mut svg = svg_open(
        margin + cols * size + 8.0,
        pad + rows * size + margin,
        "Where moves land",
    );
    for (place, &n) in map.cells.iter().zip(&r.counts.landings) {
        let (cx, cy) = centre(place.file, place.rank);
        let (x, y) = (margin + cx * size, pad + cy * size);
        let opacity = if n == 0 {
            0.0
        } else {
            0.08 + 0.92 * n as f64 / most
        };
        let title = format!(
            "{}: {} landed",
            escape(&place.name),
            crate::cli::counted(n, "move")
        );
        let fill = format!("fill=\"#d95f0e\" fill-opacity=\"{opacity:.3}\"");
        if map.hex {
            let radius = size / 1.732;
            let corners: Vec<String> = (0..6)
                .map(|k| {
                    let angle = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                    format!(
                        "{:.1},{:.1}",
                        x + radius * angle.cos(),
                        y + radius * angle.sin()
                    )
                })
                .collect();
            let _ = write!(
                svg,
                "<polygon points=\"{}\" {fill} stroke=\"#999\"><title>{title}</title></polygon>",
                corners.join(" ")
            );
        } else {
            let _ = write!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" {fill} stroke=\"#999\"><title>{title}</title></rect>",
                x - size / 2.0,
                y - size / 2.0
            );
        }
    }
    // Rank numbers on the left, file letters along the bottom.
    for rank in 0..map.height {
        let (cx, cy) = centre(0, rank);
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            margin + (cx - 0.5) * size - 4.0,
            pad + cy * size + 4.0,
            u32::from(rank) + 1
        );
    }
    for file in 0..map.width {
        let (cx, cy) = centre(file, 0);
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            margin + cx * size,
            pad + cy * size + size / 2.0 + 14.0,
            super::file_letter(file)
        );
    }
    svg.push_str("</svg>\n");
    format!(
        "{svg}<p>The darker a cell, the more moves landed on it (placed, moved to or removed there); the busiest cell took {most} moves.</p>\n"
    )
}

fn svg_open(width: f64, height: f64, label: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" role=\"img\" aria-label=\"{}\">",
        escape(label)
    )
}

/// `58.2% (95% interval 53.8% to 62.5%)`.
fn rate_words(r: Rate) -> String {
    format!(
        "{:.1}% (95% interval {:.1}% to {:.1}%)",
        r.value * 100.0,
        r.low * 100.0,
        r.high * 100.0
    )
}

/// Text made safe inside HTML, in elements and attributes alike.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn names_cannot_break_out_of_the_page() {
        assert_eq!(
            escape("<script>\"x\" & 'y'</script>\u{1b}"),
            "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;\u{fffd}"
        );
    }
}
