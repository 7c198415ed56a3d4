//! Where a technology can position a tag at all. None positions a tag riding in a lift car (a
//! metal box; deployments leave its last position showing until it steps out). A BLE tag hears
//! beacons on every level that has them; AoA needs two gateways that see the tag (in line of
//! sight, within range) for bearings that cross; UWB needs three anchors in line of sight
//! (trilateration in the plane). A real deployment gives AoA and UWB tags zones of their own and
//! quotes their accuracy inside them, so the accuracy figures are measured where the tag is
//! served, with the served share beside them.

use crate::radio::UwbModel;
use crate::simulate::Devices;
use crate::space::{DeviceKind, Pose, Space, Technology};

/// Gateways an AoA fix needs in line of sight: one gateway's elevation angle gives the distance
/// only coarsely (2.5° at 12 m and a 3.3 m drop is ±2 m), two bearings cross.
pub const AOA_GATEWAYS: usize = 2;
/// Anchors a UWB fix needs in line of sight.
pub const UWB_ANCHORS: usize = 3;

/// A tag of `technology` at `truth` can be positioned by its technology alone.
pub fn served(technology: Technology, devices: &Devices, space: &impl Space, truth: Pose) -> bool {
    let kind = technology.device_kind();
    let in_sight = |index: &&usize, reach: f64| {
        let device = devices.get(**index);
        device.at.distance(truth.at) <= reach
            && space.walls_up_to(truth.level, device.at, truth.at, 0) == 0
    };
    let on_level = devices.on(kind, truth.level);
    if space.in_lift(truth.level, truth.at) {
        return false;
    }
    match kind {
        DeviceKind::BleBeacon => !on_level.is_empty(),
        DeviceKind::AoaGateway => {
            on_level
                .iter()
                .filter(|i| in_sight(i, devices.get(**i).range))
                .count()
                >= AOA_GATEWAYS
        }
        DeviceKind::UwbAnchor => {
            on_level
                .iter()
                .filter(|i| in_sight(i, UwbModel::STANDARD.max_range_m))
                .count()
                >= UWB_ANCHORS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::{Device, Point};

    /// An open floor with one wall along x = 10, and a lift car from x = 20 to 22.
    struct Hall;

    impl Space for Hall {
        fn walkable(&self, _: i32, _: Point) -> bool {
            true
        }
        fn walls_between(&self, _: i32, a: Point, b: Point) -> u32 {
            u32::from((a.x < 10.0) != (b.x < 10.0))
        }
        fn in_lift(&self, _: i32, at: Point) -> bool {
            (20.0..=22.0).contains(&at.x)
        }
    }

    fn device(kind: DeviceKind, x: f64, y: f64) -> Device {
        Device {
            kind,
            level: 0,
            at: Point::new(x, y),
            height: 3.0,
            tx_power: -59.0,
            range: 12.0,
        }
    }

    fn pose(x: f64, y: f64) -> Pose {
        Pose {
            level: 0,
            at: Point::new(x, y),
        }
    }

    #[test]
    fn aoa_needs_two_gateways_in_sight_and_in_range() {
        let devices = Devices::new(vec![
            device(DeviceKind::AoaGateway, 0.0, 0.0),
            device(DeviceKind::AoaGateway, 8.0, 0.0),
        ]);
        let served = |x, y| served(Technology::Aoa, &devices, &Hall, pose(x, y));
        assert!(served(4.0, 4.0));
        // Beyond the wall, and out of the first gateway's 12 m.
        assert!(!served(11.0, 0.0));
        assert!(!served(-9.0, 0.0));
        // A beacon anywhere on the level serves a tag, but not in the lift car.
        let beacon = Devices::new(vec![device(DeviceKind::BleBeacon, 0.0, 0.0)]);
        assert!(super::served(
            Technology::Ble,
            &beacon,
            &Hall,
            pose(50.0, 0.0)
        ));
        assert!(!super::served(
            Technology::Ble,
            &beacon,
            &Hall,
            pose(21.0, 0.0)
        ));
        // No gateways on another level.
        assert!(!super::served(
            Technology::Aoa,
            &devices,
            &Hall,
            Pose {
                level: 1,
                at: Point::new(4.0, 4.0)
            }
        ));
    }

    #[test]
    fn uwb_needs_three_anchors_in_sight() {
        let devices = Devices::new(vec![
            device(DeviceKind::UwbAnchor, 0.0, 0.0),
            device(DeviceKind::UwbAnchor, 8.0, 0.0),
            device(DeviceKind::UwbAnchor, 4.0, 30.0),
            device(DeviceKind::UwbAnchor, 15.0, 0.0),
        ]);
        let served = |x, y| served(Technology::Uwb, &devices, &Hall, pose(x, y));
        assert!(served(4.0, 10.0));
        // Only the anchor at x = 15 sees past the wall.
        assert!(!served(12.0, 5.0));
        // Nothing positions a tag riding in the lift.
        assert!(!served(21.0, 10.0));
        // BLE has no beacons here at all.
        assert!(!super::served(
            Technology::Ble,
            &devices,
            &Hall,
            pose(4.0, 10.0)
        ));
    }
}
