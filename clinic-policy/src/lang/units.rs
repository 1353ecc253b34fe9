//! Units of measure a clinic's values are given in, each with its dimension and its size in the
//! smallest unit of that dimension, so that two sides of an example can be compared.

/// What a unit measures: two units compare only within one dimension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dimension {
    Mass,
    Volume,
    Money,
    Duration,
    Length,
}

/// The unit a lower-case word names, with its size in the dimension's smallest unit listed here
/// (micrograms, millilitres, cents, seconds, millimetres). A month is a twelfth of a year of
/// 365.25 days, so that "12 for 1 year" holds.
pub(crate) fn unit(word: &str) -> Option<(Dimension, f64)> {
    use Dimension::*;
    const DAY: f64 = 86_400.0;
    Some(match word {
        "mcg" | "microgram" | "micrograms" => (Mass, 1.0),
        "mg" | "milligram" | "milligrams" => (Mass, 1e3),
        "g" | "gram" | "grams" => (Mass, 1e6),
        "kg" | "kilogram" | "kilograms" => (Mass, 1e9),
        "lb" | "lbs" | "pound" | "pounds" => (Mass, 453_592_370.0),
        "oz" | "ounce" | "ounces" => (Mass, 28_349_523.0),
        "ml" | "millilitre" | "millilitres" | "milliliter" | "milliliters" => (Volume, 1.0),
        "l" | "litre" | "litres" | "liter" | "liters" => (Volume, 1e3),
        "cent" | "cents" | "ct" => (Money, 1.0),
        "eur" | "euro" | "euros" | "usd" | "dollar" | "dollars" | "$" | "€" | "gbp" | "chf" => {
            (Money, 100.0)
        }
        "second" | "seconds" => (Duration, 1.0),
        "minute" | "minutes" => (Duration, 60.0),
        "hour" | "hours" => (Duration, 3_600.0),
        "day" | "days" => (Duration, DAY),
        "week" | "weeks" => (Duration, 7.0 * DAY),
        "month" | "months" => (Duration, 365.25 * DAY / 12.0),
        "year" | "years" => (Duration, 365.25 * DAY),
        "mm" | "millimetre" | "millimetres" => (Length, 1.0),
        "cm" | "centimetre" | "centimetres" => (Length, 10.0),
        _ => return None,
    })
}

/// A number written as a word ("one week", "a day", "half a minute").
pub(crate) fn number_word(word: &str) -> Option<f64> {
    Some(match word {
        "a" | "an" | "one" => 1.0,
        "two" => 2.0,
        "three" => 3.0,
        "four" => 4.0,
        "five" => 5.0,
        "six" => 6.0,
        "seven" => 7.0,
        "eight" => 8.0,
        "nine" => 9.0,
        "ten" => 10.0,
        "twelve" => 12.0,
        "half" => 0.5,
        _ => return None,
    })
}
