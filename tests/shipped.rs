//! The shipped games: each checks without a single diagnostic, and its
//! checked rules read as expected (snapshots of the readable dump).

use gamut::games;
use gamut::load::check_game;
use gamut::rules::PlayerId;

#[test]
fn every_shipped_game_checks_cleanly() {
    let names: Vec<&str> = games::names().collect();
    // Every file of games/ is shipped, by its name.
    let mut files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, files);
    for name in names {
        let checked = check_game(name).expect("a shipped game loads");
        let rendered: Vec<String> = checked
            .diagnostics
            .iter()
            .map(|d| gamut::diag::render(d, &checked.sources, false))
            .collect();
        assert!(rendered.is_empty(), "{name}:\n{}", rendered.join("\n"));
        assert!(checked.rules.is_some(), "{name}");
    }
}

#[test]
fn checked_rules_of_each_shipped_game() {
    for name in games::names() {
        let rules = check_game(name).unwrap().rules.unwrap();
        insta::assert_snapshot!(name, rules.dump());
    }
}

#[test]
fn every_shipped_game_names_its_designer_or_origin_and_cites_nothing_a_user_lacks() {
    for (name, text) in games::SHIPPED {
        let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        let header = header.join("\n");
        // A designer, or for a game with none, where it comes from.
        assert!(
            header.contains("esigned by") || header.contains("traditional game"),
            "{name} names no designer or origin"
        );
        // `shared/` is the project's, not on a user's machine.
        assert!(
            !header.contains("shared/"),
            "{name} cites a file users do not have"
        );
    }
}

#[test]
fn variants_differ_from_their_parents_only_where_they_say() {
    let rules = |n: &str| check_game(n).unwrap().rules.unwrap();
    let network = rules("network");
    let equalized = rules("network-equalized");
    assert_eq!(network.turn_order.cycle, PlayerId::BOTH);
    assert_eq!(equalized.turn_order.prefix, PlayerId::BOTH);
    assert_eq!(
        equalized.turn_order.cycle,
        [PlayerId::SECOND, PlayerId::FIRST]
    );
    let tests =
        |r: &gamut::rules::Rules| r.goals.iter().map(|g| g.test.clone()).collect::<Vec<_>>();
    assert_eq!(tests(&network), tests(&equalized));

    let forms = rules("forms");
    let small = rules("forms-4x4");
    assert_eq!((small.board.width, small.board.height), (4, 4));
    assert_eq!(small.setup.len(), 16);
    assert_eq!(forms.setup.len(), 64);
    assert_eq!(
        rules("forms-normal").when_stuck,
        gamut::rules::WhenStuck::Lose
    );
    assert_eq!(forms.when_stuck, gamut::rules::WhenStuck::Win);

    let j = rules("j");
    let long = rules("j-long-sides");
    let free = rules("j-free-placement");
    assert_eq!(j.goals.len(), 4);
    assert_eq!(long.goals.len(), 4);
    let wins = |r: &gamut::rules::Rules| {
        r.goals
            .iter()
            .filter(|g| g.outcome == gamut::rules::GoalOutcome::Wins)
            .map(|g| g.test.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(wins(&j), wins(&long));
    assert_ne!(j.goals[0].test, long.goals[0].test);
    assert_eq!(j.parts[0].options.len(), 1);
    assert_eq!(free.parts[0].options.len(), 2);
    assert_eq!(free.parts.len(), 2);
}
