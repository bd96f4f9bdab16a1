/// A value signed by the App Store, with the outcome of StoreKit's automatic verification.
///
/// Mirrors StoreKit 2's `VerificationResult`. In the simulation a transaction is unverified
/// when the history says its verification fails; the error is then always `invalidSignature`.
public enum VerificationResult<SignedType: Sendable>: Sendable {
    /// The value failed StoreKit's automatic verification.
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    /// The value passed StoreKit's automatic verification.
    case verified(SignedType)

    /// Why a value failed verification.
    public enum VerificationError: Error, Hashable, Sendable {
        /// The certificate used to sign was revoked.
        case revokedCertificate
        /// The certificate chain is not valid.
        case invalidCertificateChain
        /// The value was not signed for this device.
        case invalidDeviceVerification
        /// The signed data could not be decoded.
        case invalidEncoding
        /// The signature does not match the data.
        case invalidSignature
        /// A required property is missing.
        case missingRequiredProperties
    }

    /// The signed value, or the verification error when it was not verified.
    public var payloadValue: SignedType {
        get throws {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }

    /// The signed value, whether or not it was verified.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): return value
        }
    }

    /// A stand-in for the JWS the App Store signed (the simulation signs nothing).
    public var jwsRepresentation: String {
        switch self {
        case .verified: return "simulated.jws.verified"
        case .unverified: return "simulated.jws.unverified"
        }
    }
}

extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}
