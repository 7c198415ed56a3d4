//! The placement's core: a multi-cover by greedy choice, then pruning. Each demand point needs
//! `need` devices that serve it; each candidate site serves a set of points. The greedy step
//! takes the site that serves the most points still short of their need (the classic set-cover
//! greedy, within a factor ln n of the fewest sites), lazily: a site's gain only falls as others
//! are taken, so a stale gain popped from the heap is recomputed and pushed back unless it is
//! still the best. Pruning then drops every chosen site, latest first, whose points all keep
//! their need without it: greedy's early choices are often made redundant by later ones.

use std::collections::BinaryHeap;

/// The sites chosen, as indexes into `serves`, in the order they were taken (after pruning).
/// `serves[site]` lists the demand points (indexes into `need`) the site serves; `need[point]`
/// is how many sites must serve it. Points no site can serve as often as they need are left
/// short; [`shortfall`] counts them.
pub fn choose(need: &[u8], serves: &[Vec<u32>]) -> Vec<usize> {
    let mut count = vec![0u8; need.len()];
    let gain = |site: usize, count: &[u8]| {
        serves[site]
            .iter()
            .filter(|&&p| count[p as usize] < need[p as usize])
            .count()
    };
    // Ties go to the lower index, so a plan is the same for the same input.
    let mut heap: BinaryHeap<(usize, std::cmp::Reverse<usize>)> = (0..serves.len())
        .map(|site| (gain(site, &count), std::cmp::Reverse(site)))
        .filter(|(g, _)| *g > 0)
        .collect();
    let mut chosen = Vec::new();
    let mut taken = vec![false; serves.len()];
    while let Some((stale, std::cmp::Reverse(site))) = heap.pop() {
        if taken[site] {
            continue;
        }
        let now = gain(site, &count);
        if now == 0 {
            continue;
        }
        if now < stale {
            heap.push((now, std::cmp::Reverse(site)));
            continue;
        }
        taken[site] = true;
        chosen.push(site);
        for &p in &serves[site] {
            count[p as usize] = count[p as usize].saturating_add(1);
        }
    }
    prune(&mut chosen, &mut count, need, serves);
    chosen
}

/// Drops chosen sites, latest first, that no point needs.
fn prune(chosen: &mut Vec<usize>, count: &mut [u8], need: &[u8], serves: &[Vec<u32>]) {
    let mut i = chosen.len();
    while i > 0 {
        i -= 1;
        let site = chosen[i];
        // Without it, a point at or below its need would fall short (or shorter).
        let needed = (serves[site].iter()).any(|&p| count[p as usize] <= need[p as usize]);
        if !needed {
            for &p in &serves[site] {
                count[p as usize] -= 1;
            }
            chosen.remove(i);
        }
    }
}

/// How many points the sites `chosen` serve fewer times than they need.
pub fn shortfall(need: &[u8], serves: &[Vec<u32>], chosen: &[usize]) -> usize {
    shortfall_points(need, serves, chosen).len()
}

/// The points the sites `chosen` serve fewer times than they need.
pub fn shortfall_points(need: &[u8], serves: &[Vec<u32>], chosen: &[usize]) -> Vec<usize> {
    let mut count = vec![0u8; need.len()];
    for &site in chosen {
        for &p in &serves[site] {
            count[p as usize] = count[p as usize].saturating_add(1);
        }
    }
    (count.iter().zip(need).enumerate())
        .filter(|(_, (c, n))| c < n)
        .map(|(p, _)| p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points 0..10 on a line; site i serves the points within `reach` of 2i.
    fn line(reach: i64) -> Vec<Vec<u32>> {
        (0..5)
            .map(|site: i64| {
                (0..10)
                    .filter(|p: &i64| (p - 2 * site).abs() <= reach)
                    .map(|p| p as u32)
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_point_is_served_as_often_as_it_needs_by_few_sites() {
        // Sites 0, 2, 4, 6, 8, each serving its neighbours at distance 2: 0-2, 0-4, 2-6, 4-8, 6-9.
        let serves = line(2);
        let chosen = choose(&[1; 10], &serves);
        assert_eq!(shortfall(&[1; 10], &serves, &chosen), 0);
        // Sites at 2 (0-4) and 6 (4-8) leave 9; 8 (6-9) covers it: three, the fewest.
        assert_eq!(chosen.len(), 3, "{chosen:?}");
        // Twice: only site 8 reaches point 9, which stays short; every other point is served
        // twice, by all five sites.
        let twice = choose(&[2; 10], &serves);
        assert_eq!(shortfall(&[2; 10], &serves, &twice), 1);
        assert_eq!(twice.len(), 5);
        // Each point its own need: twice for the first five, once for the rest.
        let need = [2, 2, 2, 2, 2, 1, 1, 1, 1, 1];
        let mixed = choose(&need, &serves);
        assert_eq!(shortfall(&need, &serves, &mixed), 0);
        assert!(mixed.len() < 5, "{mixed:?}");
    }

    #[test]
    fn a_point_no_site_serves_is_left_short_and_does_not_stop_the_rest() {
        // A site that serves nothing, and point 9 taken out of every site's reach.
        let mut serves = line(1);
        serves.push(Vec::new());
        for s in &mut serves {
            s.retain(|&p| p != 9);
        }
        let chosen = choose(&[1; 10], &serves);
        assert_eq!(shortfall(&[1; 10], &serves, &chosen), 1);
    }

    #[test]
    fn pruning_drops_a_site_later_ones_made_redundant() {
        // Site 0 serves 0-3 (taken first), sites 1 and 2 serve 0-1 + 4-5 and 2-3 + 6-7: once both
        // are taken for 4-7, site 0 is redundant.
        let serves = vec![vec![0, 1, 2, 3], vec![0, 1, 4, 5], vec![2, 3, 6, 7]];
        let chosen = choose(&[1; 8], &serves);
        assert_eq!(chosen, [1, 2]);
    }
}
