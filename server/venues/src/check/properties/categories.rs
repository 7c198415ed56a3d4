//! IMDF 1.0.0's category values (OGC Community Standard 20-094,
//! <https://docs.ogc.org/cs/20-094/Categories/index.html>), one list per feature type that has a
//! `category`, and the value lists of accessibility, access control, restriction and doors.
//! Written as the spec's space-separated words so that they can be compared with it line by line;
//! [`has`] looks a value up.

/// ACCESSIBILITY, for `accessibility` arrays (units, openings, amenities, sections).
pub(crate) const ACCESSIBILITY: &str = "
    assisted.listening braille hearing hearingloop signlanginterpreter tactilepaving tdd trs volume
    wheelchair
";

/// ACCESS-CONTROL, for the `access_control` array of openings.
pub(crate) const ACCESS_CONTROL: &str = "
    badgereader fingerprintreader guard keyaccess outofservice passwordaccess retinascanner
    voicerecognition
";

/// RESTRICTION, for `restriction`.
pub(crate) const RESTRICTION: &str = "
    employeesonly restricted
";

/// VENUE.
pub(crate) const VENUE: &str = "
    airport airport.intl aquarium businesscampus casino communitycenter conventioncenter
    governmentfacility healthcarefacility hotel museum parkingfacility resort retailstore
    shoppingcenter stadium stripmall theater themepark trainstation transitstation university
";

/// BUILDING.
pub(crate) const BUILDING: &str = "
    parking transit transit.bus transit.train unspecified
";

/// FOOTPRINT.
pub(crate) const FOOTPRINT: &str = "
    aerial ground subterranean
";

/// LEVEL.
pub(crate) const LEVEL: &str = "
    arrivals arrivals.domestic arrivals.intl departures departures.domestic departures.intl parking
    transit unspecified
";

/// UNIT (the restroom.*.wheelchair values and `terrace` were added in 1.0.0).
pub(crate) const UNIT: &str = "
    auditorium brick classroom column concrete conferenceroom drywall elevator escalator fieldofplay
    firstaid fitnessroom foodservice footbridge glass huddleroom kitchen laboratory library lobby
    lounge mailroom mothersroom movietheater movingwalkway nonpublic office opentobelow parking
    phoneroom platform privatelounge ramp recreation restroom restroom.family restroom.female
    restroom.female.wheelchair restroom.male restroom.male.wheelchair restroom.transgender
    restroom.transgender.wheelchair restroom.unisex restroom.unisex.wheelchair restroom.wheelchair
    road room serverroom shower smokingarea stairs steps storage structure terrace theater
    unenclosedarea unspecified vegetation waitingroom walkway walkway.island wood
";

/// OPENING.
pub(crate) const OPENING: &str = "
    automobile bicycle emergencyexit pedestrian pedestrian.principal pedestrian.transit service
";

/// RELATIONSHIP.
pub(crate) const RELATIONSHIP: &str = "
    elevator escalator movingwalkway ramp stairs traversal traversal.path
";

/// AMENITY (`chapel` was deleted in 1.0.0, replaced by prayerroom.*).
pub(crate) const AMENITY: &str = "
    amphitheater animalreliefarea arrivalgate atm babychanging baggagecarousel baggagecarousel.intl
    baggagecarts baggageclaim baggageclaim.oversize baggagerecheck baggagestorage boardinggate
    boardinggate.aircraft boardinggate.bus boardinggate.ferry boardinggate.train bus bus.muni
    bus.national businesscenter cabin caregiver carrental cashier changemachine checkin checkin.desk
    checkin.desk.oversizebaggage checkin.desk.transfer checkin.selfservice childplayarea coinlocker
    copymachine defibrillator drinkingfountain eatingdrinking elevator emergencyshelter entry
    escalator exhibit faregate faregate.oversized fieldofplay fieldofplay.americanfootball
    fieldofplay.baseball fieldofplay.basketball fieldofplay.fieldhockey fieldofplay.icehockey
    fieldofplay.rugby fieldofplay.soccer fieldofplay.softball fieldofplay.tennis
    fieldofplay.trackfield fieldofplay.volleyball firealarmpullstation fireextinguisher firstaid
    fittingroom foodservice gatearea groundtransportation guestservices handsanitizerstation
    healthscreening hoteling immigration information information.bid information.carrental
    information.hotel information.mufid information.mufid.arrivals information.mufid.departures
    information.transit landmark library limo lostandfound mailbox meditation meetingpoint
    mobilityrescue mothersroom movingwalkway paidarea parkandride parking parking.bicycle
    parking.compact parking.ev parking.longterm parking.motorcycle parking.shortterm
    parking.waitingarea payphone pedestriancrossing peoplemover phone phone.emergency photobooth
    platform police powerchargingstation prayerroom prayerroom.buddhism prayerroom.christianity
    prayerroom.hinduism prayerroom.islam prayerroom.islam.female prayerroom.islam.male
    prayerroom.judaism prayerroom.shintoism prayerroom.sikh prayerroom.taoic privatelounge
    productreturn rail.muni rail.national ramp reception.desk recreation restroom restroom.family
    restroom.female restroom.female.wheelchair restroom.male restroom.male.wheelchair
    restroom.transgender restroom.transgender.wheelchair restroom.unisex restroom.unisex.wheelchair
    restroom.wheelchair rideshare seat seating security security.checkpoint security.inspection
    service shower shuttle sleepbox smokingarea stairs storage strollerrental studentadmissions
    studentservices swimmingpool swimmingpool.children swimmingpool.family taxi ticketing
    ticketing.airline ticketing.bus ticketing.bus.muni ticketing.bus.national ticketing.rail
    ticketing.rail.muni ticketing.rail.national ticketing.shuttle traintrack transit unspecified
    valet vendingmachine vendingmachine.trainticket wheelchairassist wifi yoga
";

/// GEOFENCE (IMDF 1.0.0).
pub(crate) const GEOFENCE: &str = "
    geofence
";

/// SECTION.
pub(crate) const SECTION: &str = "
    arcade baggageclaim baggageclaim.intl carrental carrental.dropoff checkin concessions cubicle
    dutyfree eatingdrinking entertainmentarea entertainmentarea.game entertainmentarea.music
    entertainmentarea.performance entertainmentarea.sport exhibit exhibition gambling
    gambling.baccarat gambling.bingo gambling.blackjack gambling.craps gambling.keno
    gambling.mahjong gambling.medalgame gambling.minibaccarat gambling.offtrackbetting
    gambling.pachinko gambling.paigow gambling.poker gambling.poker.letitride gambling.poker.paigow
    gambling.poker.threecard gambling.poker.video gambling.roulette gambling.rummy gambling.sicbo
    gambling.slotmachine gambling.slotmachine.highlimit gatearea gatearea.holding immigration
    immigration.schengen information paidarea parkandride parking parking.bicycle parking.compact
    parking.ev parking.longterm parking.motorcycle parking.shortterm parking.waitingarea platform
    postsecurity presecurity private recomposearea recreation rental retail retaildepartment road
    seating seatingrow security servicearea ticketing vegetation walkway
";

/// FIXTURE, with `water`, which two of three sources list.
pub(crate) const FIXTURE: &str = "
    baggagecarousel boardinggate.desk checkin.desk checkin.kiosk desk equipment furniture
    immigration.desk inspection.desk obstruction securityequipment stage vegetation wall water
";

/// The `type` of an opening's DOOR object.
pub(crate) const DOOR_TYPE: &str = "
    movablepartition open revolving shutter sliding swinging turnstile turnstile.fullheight
    turnstile.waistheight
";

/// The `material` of an opening's DOOR object.
pub(crate) const DOOR_MATERIAL: &str = "
    wood glass metal gate
";

/// Whether `value` is one of the words of `list`.
pub(crate) fn has(list: &str, value: &str) -> bool {
    list.split_ascii_whitespace().any(|word| word == value)
}
