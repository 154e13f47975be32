import RideBooking

/// What the routes call: `RideBooking`'s one `RideService` (the service `lodestar ride` runs in
/// process, over any `RideBackend`), under the name the server's types hold it by.
public typealias RideServerBackend = RideService
