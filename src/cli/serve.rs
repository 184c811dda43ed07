//! `sow serve`: the local web page (`sow::serve`), until Ctrl-C.

use std::io::Write as _;
use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;

use sow::serve::{Catalogue, Options, Server};

use super::{CliError, signals};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Variant files offered on the page beside the bundled variants
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The port to listen on (0: any free one)
    #[arg(long, default_value_t = 8737)]
    port: u16,
    /// The address to listen on; anything but this machine's own (127.0.0.1, ::1) lets
    /// other machines play on it
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the default browser
    #[arg(long)]
    open: bool,
}

/// Serves until Ctrl-C; says where on standard output, at once.
pub fn serve(args: &ServeArgs) -> Result<(), CliError> {
    let catalogue = Catalogue::new(&args.files)?;
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {}: other machines on the network can open the page and make this one work (agents, checks); use --host 127.0.0.1 to keep it to this machine",
            args.host
        );
    }
    let options = Options { host: args.host, port: args.port, ..Options::default() };
    let server = Server::bind(&options, catalogue).map_err(|e| sow::error::In::new("sow serve", e))?;
    let address = match server.addr() {
        std::net::SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
        a => format!("http://{a}/"),
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "sow serve: {address} (Ctrl-C to stop)");
    let _ = out.flush();
    drop(out);
    if args.open {
        open(&address);
    }
    let running = signals::running();
    server.run(running.cancel());
    Ok(())
}

/// Opens `address` in the default browser, if the system has a way to; the address is
/// printed either way.
fn open(address: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener)
        .arg(address)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .is_err()
    {
        eprintln!("warning: could not open a browser ({opener}); open {address} yourself");
    }
}
