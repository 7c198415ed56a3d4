//! What the engine knows of a venue: its devices, and a [`Space`] that says where people can
//! be and where walls stand. Coordinates are metres in the venue's frame (x east, y north);
//! levels are IMDF ordinals (0 the ground floor, -1 the first basement).

/// A point on a level, in metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    pub fn distance(self, other: Point) -> f64 {
        self.distance_squared(other).sqrt()
    }

    /// The square of the distance: what the filter's hot loops take roots of. (`f64::hypot`
    /// guards against overflow that metres inside a building cannot reach, at five times the
    /// cost, and was an eighth of the live engine's time.)
    pub fn distance_squared(self, other: Point) -> f64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }
}

/// Where a tag is: a level and a point on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    pub level: i32,
    pub at: Point,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    /// An iBeacon: the tag (a phone) hears its advertisements and their RSSI.
    BleBeacon,
    /// A Bluetooth 5.1 direction-finding gateway on the ceiling: it measures the angle a tag's
    /// signal arrives from.
    AoaGateway,
    /// A UWB anchor: a badge measures its distance to it by two-way ranging.
    UwbAnchor,
}

/// The technology a tag is positioned with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technology {
    Ble,
    Aoa,
    Uwb,
}

impl Technology {
    pub const ALL: [Technology; 3] = [Technology::Ble, Technology::Aoa, Technology::Uwb];

    pub fn device_kind(self) -> DeviceKind {
        match self {
            Technology::Ble => DeviceKind::BleBeacon,
            Technology::Aoa => DeviceKind::AoaGateway,
            Technology::Uwb => DeviceKind::UwbAnchor,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Technology::Ble => "ble",
            Technology::Aoa => "aoa",
            Technology::Uwb => "uwb",
        }
    }
}

/// One installed device.
#[derive(Debug, Clone, PartialEq)]
pub struct Device {
    pub kind: DeviceKind,
    pub level: i32,
    pub at: Point,
    /// Metres above its level's floor.
    pub height: f64,
    /// BLE: RSSI at 1 m in dBm (the iBeacon "measured power").
    pub tx_power: f64,
    /// AoA: the radius the gateway covers, in metres.
    pub range: f64,
}

/// The venue as the engine needs it. Implemented by the server over its walkable-space grid,
/// and by the tests over a few rectangles.
pub trait Space {
    /// A person can stand here.
    fn walkable(&self, level: i32, at: Point) -> bool;
    /// Walls a straight line between the two points crosses on the level (for signal loss).
    fn walls_between(&self, level: i32, a: Point, b: Point) -> u32;
    /// Like [`Space::walls_between`], but may stop counting once past `limit` (any answer above
    /// `limit` means "more than `limit`"): most questions are "is there a wall at all?".
    fn walls_up_to(&self, level: i32, a: Point, b: Point, limit: u32) -> u32 {
        let _ = limit;
        self.walls_between(level, a, b)
    }
    /// Inside a lift car: a metal box no deployment positions a tag in, so no technology serves
    /// a tag there ([`crate::coverage::served`]).
    fn in_lift(&self, level: i32, at: Point) -> bool {
        let _ = (level, at);
        false
    }
    /// A person can walk straight from `a` to `b` without crossing a wall (a particle's step).
    fn can_step(&self, level: i32, a: Point, b: Point) -> bool {
        self.walkable(level, b) && self.walls_up_to(level, a, b, 0) == 0
    }
}

/// Height of a worn tag or a phone in hand above the floor, in metres.
pub const TAG_HEIGHT: f64 = 1.2;
