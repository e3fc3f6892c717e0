#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sprague_fuzz::web(data));
