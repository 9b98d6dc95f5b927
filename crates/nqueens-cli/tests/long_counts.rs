//! Checkpoints, shards and merges, and the faults they must survive.

use crate::common::{assert_usage_error, make_plan, nqueens, scratch, stdout};
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Runs `merge`, expects it to refuse (exit 1, nothing on stdout), and returns its stderr.
fn merge_refusal(plan: &Path, records: &Path) -> String {
    let out = nqueens()
        .arg("merge")
        .arg(plan)
        .arg(records)
        .assert()
        .code(1)
        .stdout("")
        .get_output()
        .stderr
        .clone();
    String::from_utf8(out).unwrap()
}

/// `nqueens shard PLAN SELECTION -q -o RECORDS`.
fn shard(plan: &Path, selection: &[&str], records: &Path) -> Command {
    let mut cmd = nqueens();
    cmd.arg("shard")
        .arg(plan)
        .args(selection)
        .args(["-q", "-o"])
        .arg(records);
    cmd
}

/// `count N --json --checkpoint CP` run to its end: the solutions in all and up to
/// symmetry.
fn resumed_count(n: usize, cp: &Path) -> (Option<u64>, Option<u64>) {
    let json = stdout(
        nqueens()
            .args(["count", &n.to_string(), "--json", "--checkpoint"])
            .arg(cp),
    );
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    (json["total"].as_u64(), json["unique"].as_u64())
}

#[test]
fn killed_checkpointed_count_resumes_to_the_right_answer() {
    let dir = scratch("checkpoint");
    let cp = dir.join("cp.json");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "16", "-j", "1", "--checkpoint"])
        .arg(&cp)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let _ = child.kill(); // SIGKILL: no chance to tidy up
    let _ = child.wait();
    // Whatever moment the kill came, the log starts with its whole header, and at most
    // its last line is cut.
    let saved = std::fs::read_to_string(&cp).unwrap();
    let header: serde_json::Value = serde_json::from_str(saved.lines().next().unwrap()).unwrap();
    assert_eq!(header["n"], 16);
    let whole = saved.matches('\n').count();
    for line in saved.lines().take(whole) {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    assert_eq!(resumed_count(16, &cp), (Some(14772512), Some(1846955)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_count_stopped_by_sigterm_saves_what_it_counted_and_ends_by_the_signal() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let dir = scratch("sigterm-checkpoint");
    let cp = dir.join("cp.json");
    let mut count = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"));
    count
        .args(["count", "18", "-j", "1", "--checkpoint"])
        .arg(&cp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    // SAFETY: the child only sets a signal's disposition before it runs nqueens, as
    // nohup does with SIGHUP.
    unsafe {
        count.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            Ok(())
        });
    }
    let child = count.spawn().unwrap();
    let (status, said) = crate::common::signalled(
        child,
        &cp,
        Duration::from_millis(700),
        &[libc::SIGHUP, libc::SIGTERM],
    );
    // The SIGHUP its parent ignores stays ignored; the SIGTERM after it stops the count.
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("stopped by SIGTERM"), "{said}");
    // The timed saves come every 2 s: units done before 1 s are there by the signal's.
    let saved = std::fs::read_to_string(&cp).unwrap();
    assert!(saved.lines().count() > 1, "{saved}");
    assert_eq!(resumed_count(18, &cp), (Some(666090624), Some(83263591)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoints_of_another_count_are_refused() {
    let dir = scratch("foreign-checkpoint");
    let cp = dir.join("cp.json");
    nqueens()
        .args(["count", "9", "--checkpoint"])
        .arg(&cp)
        .assert()
        .success()
        .stdout("352\n");
    nqueens()
        .args(["count", "10", "--checkpoint"])
        .arg(&cp)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("is for a count of n = 9")
                .and(predicate::str::contains("not for this one of n = 10")),
        );
    std::fs::write(&cp, "{\"format\":").unwrap();
    assert_usage_error(
        nqueens().args(["count", "9", "--checkpoint"]).arg(&cp),
        "not an nqueens checkpoint",
    );
    // A checkpoint that cannot be written fails at once, with its path.
    nqueens()
        .args(["count", "9", "--checkpoint"])
        .arg(dir.join("no-such-dir").join("cp.json"))
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("cannot write checkpoint"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shards_in_any_order_merge_to_the_single_process_count() {
    let dir = scratch("shards");
    let plan = make_plan(&dir, "12");
    let records = dir.join("records");
    for i in [2, 0, 3, 1] {
        shard(&plan, &["--index", &i.to_string(), "--of", "4"], &records)
            .assert()
            .success();
    }
    assert_eq!(
        stdout(nqueens().arg("merge").arg(&plan).arg(&records)),
        "total 14200\nunique 1787\n"
    );
    let json = stdout(nqueens().arg("merge").arg(&plan).arg(&records).args([
        "--json",
        "--recheck",
        "100",
    ]));
    assert!(
        json.contains("\"total\":14200") && json.contains("\"unique\":1787"),
        "{json}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_boards_of_zero_and_one_square_merge_and_resume() {
    // Their one solution is fixed by every symmetry: an orbit of one, not of two.
    for n in ["0", "1"] {
        let dir = scratch(&format!("tiny-{n}"));
        let plan = make_plan(&dir, n);
        let records = dir.join("records");
        shard(&plan, &["--index", "0", "--of", "1"], &records)
            .assert()
            .success();
        assert_eq!(
            stdout(nqueens().arg("merge").arg(&plan).arg(&records)),
            "total 1\nunique 1\n",
            "n = {n}"
        );
        let checkpoint = dir.join("checkpoint");
        for _ in 0..2 {
            let mut count = nqueens();
            count.args(["count", n, "--checkpoint"]).arg(&checkpoint);
            assert_eq!(stdout(&mut count), "1\n", "n = {n}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn merge_names_missing_damaged_duplicate_and_foreign_records() {
    let dir = scratch("merge-faults");
    let plan = make_plan(&dir, "11");
    let records = dir.join("records");
    shard(&plan, &["--index", "0", "--of", "1"], &records)
        .assert()
        .success();
    let unit = |id: usize| records.join(format!("unit-{id:07}.json"));
    std::fs::remove_file(unit(4)).unwrap();
    let whole = std::fs::read(unit(6)).unwrap();
    std::fs::write(unit(6), &whole[..whole.len() / 2]).unwrap(); // truncated
    let mut flipped = std::fs::read(unit(8)).unwrap();
    // The total's first digit: one bit flipped turns it into another digit.
    let at = flipped.windows(8).position(|w| w == b"\"total\":").unwrap() + 8;
    flipped[at] ^= 0x01; // one bit of the total
    std::fs::write(unit(8), flipped).unwrap();
    std::fs::copy(unit(10), records.join("unit-0000010-again.json")).unwrap();
    let other = make_plan(&dir, "10");
    let other_records = dir.join("other");
    shard(&other, &["--units", "1"], &other_records)
        .assert()
        .success();
    std::fs::copy(
        other_records.join("unit-0000001.json"),
        records.join("unit-0000001-n10.json"),
    )
    .unwrap();

    let err = merge_refusal(&plan, &records);
    assert!(
        err.contains("unit-0000006.json: not a whole unit record"),
        "{err}"
    );
    assert!(
        err.contains("unit-0000008.json: checksum mismatch"),
        "{err}"
    );
    assert!(
        err.contains("unit-0000001-n10.json: from another plan"),
        "{err}"
    );
    assert!(err.contains("units recorded more than once: 10"), "{err}");
    assert!(err.contains("units missing: 4, 6, 8"), "{err}");
    let redo = err
        .lines()
        .find_map(|l| l.strip_prefix("recompute them with: "))
        .unwrap();
    assert!(redo.contains("--units 4,6,8"), "{redo}");
    // The printed command repairs exactly those; the extra copies are the user's to remove.
    shard(&plan, &["--units", "4,6,8"], &records)
        .assert()
        .success();
    std::fs::remove_file(records.join("unit-0000010-again.json")).unwrap();
    std::fs::remove_file(records.join("unit-0000001-n10.json")).unwrap();
    assert_eq!(
        stdout(nqueens().arg("merge").arg(&plan).arg(&records)),
        "total 2680\nunique 341\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_that_cannot_be_written_loses_none_of_the_others() {
    let dir = scratch("unwritable");
    let plan = make_plan(&dir, "10");
    let records = dir.join("records");
    // A directory where unit 3's record belongs: renaming the record over it fails.
    std::fs::create_dir_all(records.join("unit-0000003.json").join("blocker")).unwrap();
    // A failure while counting, exit 4: never the 1 of a negative answer.
    shard(&plan, &["--index", "0", "--of", "1"], &records)
        .assert()
        .code(4)
        .stderr(
            predicate::str::contains("cannot write record")
                .and(predicate::str::contains("unit-0000003.json")),
        );
    let err = merge_refusal(&plan, &records);
    assert!(
        err.contains("units missing: 3\n"),
        "only unit 3 is lost: {err}"
    );
    std::fs::remove_dir_all(records.join("unit-0000003.json")).unwrap();
    shard(&plan, &["--units", "3"], &records).assert().success();
    assert_eq!(
        stdout(nqueens().arg("merge").arg(&plan).arg(&records)),
        "total 724\nunique 92\n"
    );
    // A record directory that is a file is a clear usage error.
    assert_usage_error(
        nqueens()
            .arg("shard")
            .arg(&plan)
            .args(["--units", "1", "-o"])
            .arg(&plan),
        "cannot create",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plans_from_elsewhere_are_refused() {
    let dir = scratch("bad-plan");
    let path = dir.join("plan.json");
    std::fs::write(&path, "{}").unwrap();
    assert_usage_error(
        nqueens()
            .arg("shard")
            .arg(&path)
            .args(["--units", "0", "-o"])
            .arg(&dir),
        "not an nqueens plan file",
    );
    let good = make_plan(&dir, "8");
    let text = std::fs::read_to_string(&good).unwrap().replacen(
        "\"plan_version\": 2",
        "\"plan_version\": 99",
        1,
    );
    std::fs::write(&path, text).unwrap();
    assert_usage_error(
        nqueens().arg("merge").arg(&path).arg(&dir),
        "made with plan version 99, and this nqueens's plans are version 2",
    );
    let text = std::fs::read_to_string(&good).unwrap().replacen(
        "\"sets_per_unit\": 1",
        "\"sets_per_unit\": 2",
        1,
    );
    std::fs::write(&path, text).unwrap();
    assert_usage_error(
        nqueens().arg("merge").arg(&path).arg(&dir),
        "does not match",
    );
    assert_usage_error(
        nqueens()
            .arg("shard")
            .arg(&good)
            .args(["--units", "999", "-o"])
            .arg(&dir),
        "unit 999 is not in the plan",
    );
    assert_usage_error(
        nqueens()
            .arg("shard")
            .arg(&good)
            .args(["--index", "4", "--of", "4", "-o"])
            .arg(&dir),
        "not below --of 4",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Files written under plan version 1 (units by prefix rows, tallies per unit), as that
/// version wrote them: each is refused with a line naming both versions.
#[test]
fn files_of_the_first_plan_version_are_refused() {
    let dir = scratch("plan-v1");
    let hash = "a".repeat(64);
    let tally = r#"{"total":92,"unique":12,"classes":{"8":11,"4":1,"2":0,"1":0}}"#;
    let plan = dir.join("plan.json");
    std::fs::write(
        &plan,
        format!(
            r#"{{"format":"nqueens-plan","n":8,"plan_version":1,"prefix_rows":3,"hash":"{hash}","units":[{{"id":0,"kind":"prefix 0,2,4"}}]}}"#
        ),
    )
    .unwrap();
    for args in [
        &["merge", "plan.json", "."][..],
        &["shard", "plan.json", "-o", "r"],
    ] {
        assert_usage_error(
            nqueens().current_dir(&dir).args(args),
            "plan 'plan.json' was made with plan version 1, and this nqueens's plans are version 2",
        );
    }
    let checkpoint = dir.join("checkpoint.json");
    std::fs::write(
        &checkpoint,
        format!(
            r#"{{"format":"nqueens-checkpoint","n":8,"plan_version":1,"plan_hash":"{hash}","done":{{"0":{tally}}},"checksum":"{hash}"}}"#
        ),
    )
    .unwrap();
    assert_usage_error(
        nqueens()
            .args(["count", "8", "--checkpoint"])
            .arg(&checkpoint),
        "was made with plan version 1, and this nqueens's plans are version 2",
    );
    // A record of the first version, beside a good plan of this one.
    let good = make_plan(&dir, "8");
    let records = dir.join("records");
    std::fs::create_dir_all(&records).unwrap();
    std::fs::write(
        records.join("unit-0000000.json"),
        format!(
            r#"{{"unit":0,"n":8,"plan_hash":"{hash}","tally":{tally},"elapsed":0.1,"host":"h","checksum":"{hash}"}}"#
        ),
    )
    .unwrap();
    let err = merge_refusal(&good, &records);
    assert!(
        err.contains(
            "the record was made with plan version 1, and this nqueens's plans are version 2"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn finer_plans_split_into_more_units_and_merge_the_same() {
    let dir = scratch("fine-plan");
    let path = dir.join("plan.json");
    let err = nqueens()
        .args(["plan", "12", "--units", "200", "-o"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(err).unwrap();
    let units: usize = err.split_whitespace().nth(5).unwrap().parse().unwrap();
    assert!(units >= 200, "{err}");
    assert_usage_error(
        nqueens()
            .args(["plan", "12", "--units", "2000", "-o"])
            .arg(dir.join("too-fine.json")),
        "splits into at most",
    );
    let records = dir.join("records");
    shard(&path, &["--index", "0", "--of", "1"], &records)
        .assert()
        .success();
    assert_eq!(
        stdout(nqueens().arg("merge").arg(&path).arg(&records)),
        "total 14200\nunique 1787\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A full disk, for real: a 32 KiB tmpfs. Needs root to mount (CI runs as root); anyone
/// else is told the test did not run.
#[test]
fn a_full_disk_is_a_clear_error_and_loses_nothing_written() {
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("full-disk test not run: mounting a tmpfs needs root");
        return;
    }
    let dir = scratch("full-disk");
    let plan = make_plan(&dir, "12");
    let disk = dir.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=32k", "tmpfs"])
        .arg(&disk)
        .status()
        .unwrap();
    assert!(mounted.success(), "root could not mount a tmpfs");
    // Unmounts even when an assertion below fails.
    struct Mount(PathBuf);
    impl Drop for Mount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let mount = Mount(disk.clone());
    let records = disk.join("records");
    let out = shard(&plan, &["--index", "0", "--of", "1"], &records)
        .assert()
        .failure()
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(
        err.contains("No space left on device") && err.contains("records already written are kept"),
        "{err}"
    );
    // Every record on the disk is whole: merge reports units missing, none damaged.
    let err = merge_refusal(&plan, &records);
    assert!(
        err.contains("units missing") && !err.contains("damaged"),
        "{err}"
    );
    let written = std::fs::read_dir(&records)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("unit-")
        })
        .count();
    assert!(written > 0, "some records fit before the disk filled");
    // A checkpoint that outgrows the disk fails loudly and keeps its last whole version:
    // with one page of the disk left, the log is written and appended to, and its
    // rewrite at the end, a second file beside it until the rename, finds no room.
    std::fs::remove_dir_all(&records).unwrap();
    let filler = disk.join("filler");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&filler).unwrap();
        while f.write_all(&[0; 4096]).is_ok() {}
        let _ = f.flush();
    }
    let full = std::fs::metadata(&filler).unwrap().len();
    let page = 4096;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&filler)
        .unwrap()
        .set_len(full / page * page - page)
        .unwrap();
    let cp = disk.join("cp.json");
    nqueens()
        .args(["count", "16", "-j", "1", "--checkpoint"])
        .arg(&cp)
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot write checkpoint"));
    let saved = std::fs::read_to_string(&cp).unwrap();
    let header: serde_json::Value = serde_json::from_str(saved.lines().next().unwrap()).unwrap();
    assert_eq!(header["n"], 16);
    drop(mount);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_estimate_says_it_is_one_and_from_how_many_units() {
    let out = stdout(nqueens().args(["plan", "12", "--estimate", "5", "--machines", "3", "-j1"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("n = 12: an estimate of "), "{out}");
    assert!(lines[0].contains("(one standard error)"), "{out}");
    assert!(lines[1].starts_with("from 5 of the plan's "), "{out}");
    assert!(
        lines[1].contains(" in all), and its symmetric unit"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("wall time on 1 thread: about ")
            && lines[2].contains("; on 3 machines of 1 thread: about "),
        "{out}"
    );
    // With -o the plan is written too, the same plan as without --estimate.
    let dir = scratch("estimate");
    let (with, without) = (dir.join("with.json"), dir.join("without.json"));
    nqueens()
        .args(["plan", "12", "--estimate", "1", "-q", "-o"])
        .arg(&with)
        .assert()
        .success()
        .stdout(predicate::str::contains("no spread known from one sample"));
    nqueens()
        .args(["plan", "12", "-o"])
        .arg(&without)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(&with).unwrap(),
        std::fs::read(&without).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn estimates_that_cannot_be_made_are_usage_errors() {
    for (args, needle) in [
        (
            &["plan", "12", "--estimate", "0"][..],
            "expected a whole number from 1",
        ),
        (
            &["plan", "12", "--estimate", "-1"],
            "expected a whole number from 1",
        ),
        (
            &["plan", "8", "--estimate", "24"],
            "has 23 units to sample: ask for 1 to 23",
        ),
        (&["plan", "5", "--estimate", "1"], "nothing to sample"),
        (&["plan", "0", "--estimate", "1"], "nothing to sample"),
        (&["plan", "12", "--machines", "2", "-o", "x"], "--estimate"),
        (&["plan", "12", "--memory", "1G", "-o", "x"], "--estimate"),
        (
            &["plan", "12", "--estimate", "2", "--machines", "0"],
            "a number of machines",
        ),
        (&["plan", "12"], "--output"),
    ] {
        assert_usage_error(nqueens().args(args), needle);
    }
}
