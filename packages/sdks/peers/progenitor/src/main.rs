mod calls { include!(concat!(env!("OUT_DIR"), "/calls.rs")); }
mod chat { include!(concat!(env!("OUT_DIR"), "/chat.rs")); }
mod management { include!(concat!(env!("OUT_DIR"), "/management.rs")); }
fn main() {}
