//! A budget of steps for the conversion's loops that compare things with the things near them
//! (vertices with edges, rooms with rooms, doors and texts with rooms). Their filters keep a real
//! level cheap (the mall's car park level takes a few million steps); a drawing made to defeat
//! them (rooms drawn over each other, one outline of 100,000 vertices around all the others) is
//! refused once it has cost a hundred times that, instead of holding a thread for minutes.

use site_venues::said;

use crate::problem::{DxfProblem, DxfRule};

pub(crate) struct Work {
    left: u64,
}

impl Work {
    pub(crate) fn new(steps: u64) -> Self {
        Self { left: steps }
    }

    /// Takes `steps` from the budget, or refuses the drawing as too complex.
    pub(crate) fn spend(&mut self, steps: usize) -> Result<(), DxfProblem> {
        let steps = steps as u64;
        if steps > self.left {
            self.left = 0;
            return Err(DxfProblem::drawing(
                DxfRule::Level,
                said!(
                    "图纸太复杂，转换不下去：房间互相重叠或轮廓的顶点太多。请检查房间图层上是否有重复或叠放的多段线，并把圆弧、曲线简化后再导出",
                    "The drawing is too complex to convert: rooms overlap each other or their outlines have too many vertices. Check the room layers for duplicate or stacked polylines, and simplify arcs and curves before exporting"
                ),
            ));
        }
        self.left -= steps;
        Ok(())
    }
}
