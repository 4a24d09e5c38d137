/// Xlib's own elementary functions for Xcms (cmsMath.c, cmsTrig.c), reimplemented: Newton
/// square and cube roots, Hart's rational sine and cosine, and a Gauss (AGM) arctangent that
/// stops at a relative error of 10⁻⁶. Xcms computes TekHVC with these rather than libm,
/// and colours on the gamut's edge land on one side or the other of a device value
/// depending on their last bits, so matching xterm's answers needs the same functions.
enum XcmsNumerics {
    static let pi = 3.14159265358979323846264338327950
    static let twoPi = 6.28318530717958620
    static let halfPi = 1.57079632679489660
    static let fourthPi = 0.785398163397448280
    /// Below this, x⁶ would underflow in the polynomial.
    static let tiny = 4.209340e-52
    /// Xlib loops up to 10,000 times in the arctangent; the AGM settles in a handful, so a
    /// small bound keeps the same answers without letting a spec cost much time.
    static let agmIterationLimit = 64
    /// Newton's method settles in well under this many steps for any finite input (Xlib has
    /// no bound); it only guards against a remote finding a value that never settles.
    static let newtonIterationLimit = 2_000

    static func squareRoot(_ a: Double) -> Double {
        guard a > 0, a.isFinite else { return 0 }
        var guess = a > 1 ? a / 4 : a * 4
        var delta: Double
        var steps = 0
        repeat {
            delta = (guess - a / guess) / 2
            guess -= delta
            steps += 1
        } while abs(delta) >= guess * Double.ulpOfOne && steps < newtonIterationLimit
        return guess
    }

    static func cubeRoot(_ a: Double) -> Double {
        guard a != 0, a.isFinite else { return 0 }
        let magnitude = abs(a)
        var guess = magnitude > 1 ? magnitude / 8 : magnitude * 8
        var delta: Double
        var steps = 0
        repeat {
            delta = (guess - magnitude / (guess * guess)) / 3
            guess -= delta
            steps += 1
        } while abs(delta) >= guess * Double.ulpOfOne && steps < newtonIterationLimit
        return a < 0 ? -guess : guess
    }

    static func arcTangent(_ x: Double) -> Double {
        if x == 0 { return 0 }
        let maximumError = x < 1 ? x * 0.000001 : 0.000001
        var a = squareRoot(1 / (1 + x * x))
        var b = 1.0
        var nextA = 0.0
        var nextB = 0.0
        for _ in 0..<agmIterationLimit {
            nextA = (a + b) / 2
            nextB = squareRoot(nextA * b)
            if nextA == nextB || abs(nextA - nextB) < maximumError { break }
            a = nextA
            b = nextB
        }
        let limit = nextA > nextB ? nextB : nextA
        return x / (squareRoot(1 + x * x) * limit)
    }

    static func cosine(_ angle: Double) -> Double {
        let x = reduced(angle)
        if x > halfPi { return -cosine(x - pi) }
        if x < -halfPi { return -cosine(x + pi) }
        if x > fourthPi { return sine(halfPi - x) }
        if x < -fourthPi { return sine(halfPi + x) }
        if x < tiny && x > -tiny { return squareRoot(1 - x * x) }
        let y = x / fourthPi
        let y2 = y * y
        return polynomial(cosineP, y2) / polynomial(cosineQ, y2)
    }

    static func sine(_ angle: Double) -> Double {
        let x = reduced(angle)
        if x > halfPi { return -sine(x - pi) }
        if x < -halfPi { return -sine(x + pi) }
        if x > fourthPi { return cosine(halfPi - x) }
        if x < -fourthPi { return -cosine(halfPi + x) }
        if x < tiny && x > -tiny { return x }
        let y = x / fourthPi
        let y2 = y * y
        return y * (polynomial(sineP, y2) / polynomial(sineQ, y2))
    }

    private static let cosineP = [
        0.12905394659037374438e7, -0.37456703915723204710e6, 0.13432300986539084285e5, -0.11231450823340933092e3,
    ]
    private static let cosineQ = [0.12905394659037373590e7, 0.23467773107245835052e5, 0.20969518196726306286e3, 1.0]
    private static let sineP = [
        0.20664343336995858240e7, -0.18160398797407332550e6, 0.35999306949636188317e4, -0.20107483294588615719e2,
    ]
    private static let sineQ = [0.26310659102647698963e7, 0.39270242774649000308e5, 0.27811919481083844087e3, 1.0]

    /// P(x) = P0 + x(P1 + x(P2 + x P3)).
    private static func polynomial(_ coefficients: [Double], _ x: Double) -> Double {
        var value = coefficients[coefficients.count - 1]
        for coefficient in coefficients.dropLast().reversed() { value = coefficient + x * value }
        return value
    }

    /// The angle brought into −π…π as Xlib does: the fraction of x/2π, times 2π.
    private static func reduced(_ angle: Double) -> Double {
        guard angle < -pi || angle > pi else { return angle }
        let turns = angle / twoPi
        var x = (turns - turns.rounded(.towardZero)) * twoPi
        if x > pi { x -= twoPi } else if x < -pi { x += twoPi }
        return x
    }
}
