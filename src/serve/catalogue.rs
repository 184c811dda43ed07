//! The variants a server offers: the bundled ones and the files it was started with, each
//! under a key the page names it by (`bakuk`, or a file's variant name made a slug). Requests
//! name variants by key, never by path: a page cannot make the server read other files.

use std::path::PathBuf;

use serde::Serialize;

use crate::lang::check;
use crate::lang::diagnostic::Diagnostics;
use crate::lang::library::{self, BUNDLED, VariantFile};

/// One variant offered.
#[derive(Debug, Clone)]
pub struct Entry {
    pub key: String,
    pub file: VariantFile,
    /// The file it was read from, for a variant given on the command line.
    pub path: Option<PathBuf>,
    /// Seats, without a ruleset, and with each ruleset (in the order of the file's).
    players: usize,
    ruleset_players: Vec<usize>,
}

/// What the page lists of a variant.
#[derive(Debug, Clone, Serialize)]
pub struct Listed {
    pub key: String,
    pub name: String,
    pub rulesets: Vec<String>,
    pub players: usize,
    /// Seats with each ruleset (a ruleset may change them: Bakuk's `three-player`).
    pub ruleset_players: std::collections::BTreeMap<String, usize>,
    /// The file it was read from, or `null` for a bundled variant.
    pub file: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Catalogue {
    entries: Vec<Entry>,
}

impl Catalogue {
    /// The bundled variants, then those of `files`, each checked (with every ruleset) now:
    /// a file with a mistake stops the server before it starts, as any command would.
    pub fn new(files: &[PathBuf]) -> Result<Catalogue, Diagnostics> {
        let mut entries = Vec::new();
        // Seats without a ruleset and with each.
        let seats = |file: &VariantFile| -> Result<(usize, Vec<usize>), Diagnostics> {
            let players = check::check(file, None)?.0.players as usize;
            let each = file
                .ruleset_names()
                .into_iter()
                .map(|r| check::check(file, Some(r)).map(|(spec, _)| spec.players as usize))
                .collect::<Result<_, _>>()?;
            Ok((players, each))
        };
        for (name, text) in BUNDLED {
            let file = library::load_bundled(name, text)?;
            let (players, ruleset_players) = seats(&file)?;
            entries.push(Entry { key: name.to_string(), file, path: None, players, ruleset_players });
        }
        for path in files {
            let file = library::load_path(path)?;
            let (players, ruleset_players) = seats(&file)?;
            // A file named like a variant already offered gets a key of its own.
            let slug = library::slug(file.name());
            let mut key = slug.clone();
            let mut n = 2;
            while entries.iter().any(|e: &Entry| e.key == key) {
                key = format!("{slug}-{n}");
                n += 1;
            }
            entries.push(Entry { key, file, path: Some(path.clone()), players, ruleset_players });
        }
        Ok(Catalogue { entries })
    }

    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    /// Every variant, as the page lists them.
    pub fn list(&self) -> Vec<Listed> {
        self.entries
            .iter()
            .map(|e| Listed {
                key: e.key.clone(),
                name: e.file.name().to_string(),
                rulesets: e.file.ruleset_names().iter().map(|r| r.to_string()).collect(),
                players: e.players,
                ruleset_players: e
                    .file
                    .ruleset_names()
                    .iter()
                    .map(|r| r.to_string())
                    .zip(e.ruleset_players.iter().copied())
                    .collect(),
                file: e.path.as_ref().map(|p| p.display().to_string()),
            })
            .collect()
    }
}
