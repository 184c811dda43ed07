//! Finding variant files: the bundled variants (embedded in the binary, so `sow describe bakuk`
//! works anywhere), files named by path, and the bases they extend.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::lang::diagnostic::{Diagnostic, Diagnostics, SourceFile, closest};
use crate::lang::parse::parse;
use crate::lang::syntax::{Spanned, VariantAst};

/// The shipped variants: (name on the command line, file text), every file of `variants/`
/// sorted by name (`build.rs` lists the folder).
pub const BUNDLED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Where a variant file came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Bundled(&'static str),
    /// The canonical path, so that a cycle of `extends` is seen whatever the spelling.
    File(PathBuf),
    /// A text given in memory (tests, other programs): it may extend bundled variants only.
    Text(String),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Bundled(name) => write!(f, "{name} (bundled)"),
            Origin::File(path) => write!(f, "{}", path.display()),
            Origin::Text(name) => write!(f, "{name}"),
        }
    }
}

/// A path with `.` and `dir/..` removed, as a reader would write it.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    if out.is_empty() { PathBuf::from(".") } else { out.iter().collect() }
}

/// A parsed variant file with the bases it extends, loaded and parsed.
#[derive(Debug, Clone)]
pub struct VariantFile {
    pub file: Arc<SourceFile>,
    pub origin: Origin,
    pub ast: VariantAst,
    pub base: Option<Box<VariantFile>>,
}

impl VariantFile {
    pub fn name(&self) -> &str {
        &self.ast.name.value
    }

    pub fn ruleset_names(&self) -> Vec<&str> {
        self.ast.rulesets.iter().map(|r| r.name.value.as_str()).collect()
    }
}

/// A variant named on the command line, `VARIANT` or `VARIANT:RULESET`: the variant and the
/// ruleset. A name that is a file on disk is a variant whole, colons and all (`my:koumma.sow`);
/// otherwise the text after the last colon names a ruleset, unless it looks like a path.
pub fn split_reference(text: &str) -> (&str, Option<&str>) {
    if Path::new(text).is_file() {
        return (text, None);
    }
    match text.rsplit_once(':') {
        Some((v, r)) if !v.is_empty() && !r.is_empty() && !r.contains(['/', '\\']) => (v, Some(r)),
        _ => (text, None),
    }
}

/// A variant named on the command line: a bundled name (`bakuk`) or a path to a file, which
/// ends in `.sow` or holds a path separator.
pub fn is_path(reference: &str) -> bool {
    reference.ends_with(".sow") || reference.contains('/') || reference.contains('\\')
}

/// The bundled variant of a name, in any case: `Bakuk`, `bakuk`.
pub fn bundled(name: &str) -> Option<(&'static str, &'static str)> {
    let slug = slug(name);
    BUNDLED.iter().copied().find(|(n, _)| *n == slug)
}

/// The file name a variant is expected under: lower case, words joined by `-`, letters
/// without their accents, so that a name can be typed on any keyboard (`Ô Ăn Quan`:
/// `o-an-quan`).
pub fn slug(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization as _;
    let mut out = String::new();
    // Decomposed, a letter's accents are marks of their own, which are not alphanumeric.
    for c in name.trim().nfd().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() && (c == ' ' || c == '-' || c == '_') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Where to find the bundled variants' names: too many to list in a message.
fn bundled_list() -> &'static str {
    "`sow list` names the bundled variants"
}

/// Loads a variant named on the command line.
pub fn load(reference: &str) -> Result<VariantFile, Diagnostics> {
    if is_path(reference) {
        return load_path(Path::new(reference));
    }
    match bundled(reference) {
        Some((name, text)) => load_bundled(name, text),
        None => {
            let mut d = Diagnostic::error(format!("unknown variant `{reference}`")).note(bundled_list());
            if let Some(guess) = closest(reference, BUNDLED.iter().map(|(n, _)| *n)) {
                d = d.help(format!("did you mean `{guess}`?"));
            }
            Err(d.help("to use a variant file, give its path, ending in `.sow`").into())
        }
    }
}

pub fn load_bundled(name: &'static str, text: &'static str) -> Result<VariantFile, Diagnostics> {
    let file = SourceFile::new(format!("{name} (bundled)"), text);
    load_source(file, Origin::Bundled(name), &mut Vec::new())
}

/// Loads a variant from a text in memory, shown under `name` in messages.
pub fn load_text(name: &str, text: &str) -> Result<VariantFile, Diagnostics> {
    let file = SourceFile::new(name, text);
    load_source(file, Origin::Text(name.to_string()), &mut Vec::new())
}

pub fn load_path(path: &Path) -> Result<VariantFile, Diagnostics> {
    let (file, origin) = read(path).map_err(Diagnostics::from)?;
    load_source(file, origin, &mut Vec::new())
}

fn read(path: &Path) -> Result<(Arc<SourceFile>, Origin), Diagnostic> {
    let shown = path.display().to_string();
    let text =
        crate::files::read(path, crate::files::VARIANT).map_err(|e| Diagnostic::error(e.to_string()))?;
    let text = String::from_utf8(text).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        Diagnostic::error(format!("`{shown}` is not UTF-8: line {line} holds the byte 0x{:02X}", bytes[at]))
            .help("save the file as UTF-8 (the usual choice of text editors)")
    })?;
    // A byte order mark, which some editors put at the start of UTF-8 files, is not text.
    let text = text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text);
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    Ok((SourceFile::new(shown, text), Origin::File(canonical)))
}

/// Parses a file and loads its bases. `chain` holds the files that extend this one (origin,
/// variant name, file name as shown), to catch a file that extends itself, directly or not.
pub fn load_source(
    file: Arc<SourceFile>,
    origin: Origin,
    chain: &mut Vec<(Origin, String, String)>,
) -> Result<VariantFile, Diagnostics> {
    let ast = parse(&file)?;
    let mut base = None;
    if let Some(ext) = &ast.extends {
        chain.push((origin.clone(), ast.name.value.clone(), file.name.clone()));
        let (base_file, base_origin) = resolve(&file, &origin, &ext.base)?;
        if let Some(i) = chain.iter().position(|(o, _, _)| *o == base_origin) {
            let names: Vec<&str> = chain[i..].iter().map(|(_, n, _)| n.as_str()).collect();
            let cycle = format!("{} -> {}", names.join(" -> "), names[0]);
            let files: Vec<&str> = chain[i..].iter().map(|(_, _, shown)| shown.as_str()).collect();
            return Err(Diagnostic::error("variants extend each other in a circle")
                .at(&file, ext.base.span.clone(), cycle)
                .note(format!("{} -> {}", files.join(" -> "), files[0]))
                .help("one of them must state its rules instead of extending another")
                .into());
        }
        base = Some(Box::new(load_source(base_file, base_origin, chain)?));
        chain.pop();
    }
    Ok(VariantFile { file, origin, ast, base })
}

/// Finds the file a variant extends: a path ending in `.sow` beside this file, a file named
/// after the variant beside this file, or a bundled variant.
fn resolve(
    file: &Arc<SourceFile>,
    origin: &Origin,
    base: &Spanned<String>,
) -> Result<(Arc<SourceFile>, Origin), Diagnostic> {
    let name = base.value.as_str();
    // Files are looked for beside the extending file, and shown the way it was named.
    let here = match origin {
        Origin::File(_) => Some(Path::new(&file.name).parent().map_or_else(PathBuf::new, Path::to_path_buf)),
        Origin::Bundled(_) | Origin::Text(_) => None,
    };
    let not_found = |looked: String| {
        let d = Diagnostic::error(format!("there is no variant \"{name}\" to extend")).at(
            file,
            base.span.clone(),
            looked,
        );
        if is_path(name) {
            return d;
        }
        let d = d.note(bundled_list());
        match closest(&slug(name), BUNDLED.iter().map(|(n, _)| *n)) {
            Some(guess) => d.help(format!("did you mean \"{guess}\"?")),
            None => d,
        }
    };
    if is_path(name) {
        let Some(dir) = here else {
            return Err(not_found("a variant that is not a file can only extend bundled variants".into()));
        };
        let path = tidy(&dir.join(name));
        // Anything there is read, so that a FIFO or a directory is refused for what it is.
        if !path.exists() {
            return Err(not_found(format!("no file {}", path.display())));
        }
        return read(&path)
            .map_err(|e| Diagnostic::error(e.message).at(file, base.span.clone(), "extended here"));
    }
    if let Some(dir) = &here {
        let path = tidy(&dir.join(format!("{}.sow", slug(name))));
        if path.exists() {
            return read(&path)
                .map_err(|e| Diagnostic::error(e.message).at(file, base.span.clone(), "extended here"));
        }
    }
    match bundled(name) {
        Some((n, text)) => Ok((SourceFile::new(format!("{n} (bundled)"), text), Origin::Bundled(n))),
        None => Err(not_found(match &here {
            Some(dir) => format!(
                "not a bundled variant, and there is no {}",
                tidy(&dir.join(format!("{}.sow", slug(name)))).display()
            ),
            None => "not a bundled variant".into(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_name_files() {
        assert_eq!(slug("Bakuk"), "bakuk");
        assert_eq!(slug("Um ed-Dyar"), "um-ed-dyar");
        assert_eq!(slug("  Two  Words "), "two-words");
        assert_eq!(slug("Ô Ăn Quan"), "o-an-quan");
        assert_eq!(slug("Li'b al-'Aqil"), "lib-al-aqil");
    }

    #[test]
    fn paths_are_tidied() {
        assert_eq!(tidy(Path::new("tests/bad/cycle/../x.sow")), PathBuf::from("tests/bad/x.sow"));
        assert_eq!(tidy(Path::new("./x.sow")), PathBuf::from("x.sow"));
        assert_eq!(tidy(Path::new("../x.sow")), PathBuf::from("../x.sow"));
    }

    #[test]
    fn every_bundled_variant_loads() {
        for (name, _) in BUNDLED {
            let v = load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(slug(v.name()), *name);
        }
    }

    #[test]
    fn a_file_named_with_a_colon_is_a_file_not_a_ruleset() {
        assert_eq!(split_reference("bakuk:valdez"), ("bakuk", Some("valdez")));
        assert_eq!(split_reference("dir/my.sow:valdez"), ("dir/my.sow", Some("valdez")));
        assert_eq!(split_reference("c:/x.sow"), ("c:/x.sow", None));
        assert_eq!(split_reference("bakuk:"), ("bakuk:", None));
        let dir = std::env::temp_dir().join(format!("sow-colon-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("my:koumma.sow");
        std::fs::write(&path, "variant \"K\" extends \"Koumma\" { source \"test\" }").unwrap();
        let text = path.to_str().unwrap();
        assert_eq!(split_reference(text), (text, None));
        assert_eq!(load(split_reference(text).0).unwrap().name(), "K");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn unknown_variant_points_at_the_list_and_guesses() {
        let e = load("bakook").unwrap_err().to_string();
        assert!(e.contains("unknown variant `bakook`"), "{e}");
        assert!(e.contains("`sow list` names the bundled variants"), "{e}");
        assert!(e.contains("did you mean `bakuk`?"), "{e}");
    }
}
