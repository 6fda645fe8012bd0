use skald_ai::puzzle::dice::{DiceBudget, evaluate};
use skald_rules::{Position, RuleSetId};
use std::io::BufRead;
fn main() {
    let mut sds = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let v: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
        let rs: RuleSetId = v["rule_set"].as_str().unwrap().parse().unwrap();
        let p = Position::from_notation(rs, v["position"].as_str().unwrap()).unwrap();
        let sol = v["solution"][0].as_str().unwrap().to_string();
        let mut gaps = Vec::new();
        for seed in 0..8u64 {
            let e = evaluate(&p, DiceBudget::CHECK, 1000 + seed).unwrap();
            let s = e.uses.iter().find(|u| u.steps == sol).unwrap().chance as f64;
            let o = e
                .uses
                .iter()
                .filter(|u| u.steps != sol)
                .map(|u| u.chance)
                .max()
                .unwrap() as f64;
            gaps.push(s - o);
        }
        let m = gaps.iter().sum::<f64>() / 8.0;
        let sd = (gaps.iter().map(|g| (g - m) * (g - m)).sum::<f64>() / 7.0).sqrt();
        sds.push(sd);
        println!(
            "{rs} mean gap {m:.0} sd {sd:.0} min {:.0}",
            gaps.iter().cloned().fold(f64::MAX, f64::min)
        );
    }
    sds.sort_by(|a, b| a.total_cmp(b));
    println!(
        "sd of the gap at 400, thousandths: median {:.0}, max {:.0}, n {}",
        sds[sds.len() / 2],
        sds[sds.len() - 1],
        sds.len()
    );
}
