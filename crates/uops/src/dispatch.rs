//! Run any uop by its [`Uop`] number: the tier-2 interpreter's dispatch, derived from the uop
//! table (`uop_table!`), so a uop added to the table is dispatched without a second list.

use crate::abi::{Ctx, Rt, Step};
use crate::bodies;
use crate::uop::{Uop, uop_table};

macro_rules! dispatch {
    ($( $(#[doc = $doc:literal])* $name:ident : |$o:ident| ($pops:expr, $pushes:expr) [$($flag:ident)*] $(operand($kind:ident))? $(proves($($pd:literal : $pt:ident),*))? $(keeps($keep:literal))? $(pushes($($ot:ident),*))? $(= $generic:ident)?; )*) => {
        /// Runs the body of `u`.
        ///
        /// # Safety
        /// As for the body itself: `cx` describes the running frame and the stack holds what
        /// the uop's stack effect and any guards before it require.
        #[inline(always)]
        pub unsafe fn run_uop<R: Rt>(u: Uop, cx: &mut Ctx, oparg: u32, operand: u64) -> Step {
            match u {
                // SAFETY: forwarded to the caller.
                $( Uop::$name => unsafe { bodies::$name::<R>(cx, oparg, operand) }, )*
            }
        }
    };
}

uop_table!(dispatch);
