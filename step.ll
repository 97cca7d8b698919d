; ModuleID = 'step'
source_filename = "<string>"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_ZN08NumbaEnv13_3cdynamic_3e4stepB3v14B68c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAg6cJqBrMeIZJFMGMQUpXYBFNAA_3d_3dE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a = common local_unnamed_addr global ptr null
@_ZN08NumbaEnv13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a = common local_unnamed_addr global ptr null
@_ZN08NumbaEnv5numba2np8arrayobj11impl_carray12_3clocals_3e4implB3v10B54c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAw4hWqFpgsIBZmgA_3dE10float64_2a8UniTupleIxLi1EE27omitted_28default_3dNone_29 = common local_unnamed_addr global ptr null
@_ZN08NumbaEnv5numba2np8arrayobj11impl_carray12_3clocals_3e4implB3v12B54c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAw4hWqFpgsIBZmgA_3dE10float32_2a8UniTupleIxLi1EE27omitted_28default_3dNone_29 = common local_unnamed_addr global ptr null
@_ZN08NumbaEnv5numba2np8arrayobj11impl_carray12_3clocals_3e4implB3v17B54c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAw4hWqFpgsIBZmgA_3dE7bool_2a8UniTupleIxLi1EE27omitted_28default_3dNone_29 = common local_unnamed_addr global ptr null
@_ZN08NumbaEnv5numba2np8arrayobj11impl_carray12_3clocals_3e4implB3v13B54c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAw4hWqFpgsIBZmgA_3dE66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a8UniTupleIxLi1EE27omitted_28default_3dNone_29 = common local_unnamed_addr global ptr null

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define noundef i32 @_ZN13_3cdynamic_3e4stepB3v14B68c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAg6cJqBrMeIZJFMGMQUpXYBFNAA_3d_3dE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a(ptr noalias writeonly captures(none) initializes((0, 4)) %retptr, ptr noalias captures(none) %excinfo, ptr captures(none) %arg.state_p, ptr readnone captures(none) %arg.rng_p, ptr readonly captures(none) %arg.action_p, ptr writeonly captures(none) %arg.obs_p, ptr writeonly captures(none) %arg.reward_p, ptr writeonly captures(none) %arg.term_p, ptr readnone captures(none) %arg.info_p) local_unnamed_addr #0 {
B20:
  %.34 = load ptr, ptr %excinfo, align 8
  %.35.not = icmp eq ptr %.34, null
  br i1 %.35.not, label %B50, label %B110

B50:                                              ; preds = %B20
  %.56.i = load i32, ptr %arg.action_p, align 4, !noalias !0
  %.329.i = load double, ptr %arg.state_p, align 8, !noalias !0
  %.358.i = getelementptr i8, ptr %arg.state_p, i64 8
  %.359.i = load double, ptr %.358.i, align 8, !noalias !0
  %.388.i = getelementptr i8, ptr %arg.state_p, i64 16
  %.389.i = load double, ptr %.388.i, align 8, !noalias !0
  %.418.i = getelementptr i8, ptr %arg.state_p, i64 24
  %.419.i = load double, ptr %.418.i, align 8, !noalias !0
  %.457.i = icmp eq i32 %.56.i, 1
  %spec.select.i = select i1 %.457.i, double 1.000000e+01, double -1.000000e+01
  %.471.i = tail call double @llvm.cos.f64(double %.389.i)
  %.473.i = tail call double @llvm.sin.f64(double %.389.i)
  %.476.i = fmul double %.419.i, %.419.i
  %.477.i = fmul double %.476.i, 5.000000e-02
  %.478.i = fmul double %.473.i, %.477.i
  %.479.i = fadd double %spec.select.i, %.478.i
  %.483.i = fdiv double %.479.i, 1.100000e+00
  %.484.i = fmul double %.473.i, 9.800000e+00
  %.485.i = fmul double %.471.i, %.483.i
  %.486.i = fsub double %.484.i, %.485.i
  %.487.i = fmul double %.471.i, %.471.i
  %.488.i = fmul double %.487.i, 1.000000e-01
  %.492.i = fdiv double %.488.i, 1.100000e+00
  %.493.i = fsub double 0x3FF5555555555555, %.492.i
  %.494.i = fmul double %.493.i, 5.000000e-01
  %.498.i = fdiv double %.486.i, %.494.i
  %.499.i = fmul double %.498.i, 5.000000e-02
  %.500.i = fmul double %.471.i, %.499.i
  %.504.i = fdiv double %.500.i, 1.100000e+00
  %.505.i = fsub double %.483.i, %.504.i
  %.507.i = fmul double %.359.i, 2.000000e-02
  %.509.i = fadd double %.329.i, %.507.i
  store double %.509.i, ptr %arg.state_p, align 8, !noalias !0
  %.542.i = fmul double %.505.i, 2.000000e-02
  %.544.i = fadd double %.359.i, %.542.i
  store double %.544.i, ptr %.358.i, align 8, !noalias !0
  %.578.i = fmul double %.419.i, 2.000000e-02
  %.580.i = fadd double %.389.i, %.578.i
  store double %.580.i, ptr %.388.i, align 8, !noalias !0
  %.613.i = fmul double %.498.i, 2.000000e-02
  %.615.i = fadd double %.419.i, %.613.i
  store double %.615.i, ptr %.418.i, align 8, !noalias !0
  %.824.i = fptrunc double %.509.i to float
  store float %.824.i, ptr %arg.obs_p, align 4, !noalias !0
  %.794.1.i = load double, ptr %.358.i, align 8, !noalias !0
  %0 = getelementptr i8, ptr %arg.obs_p, i64 4
  %.824.1.i = fptrunc double %.794.1.i to float
  store float %.824.1.i, ptr %0, align 4, !noalias !0
  %.794.2.i = load double, ptr %.388.i, align 8, !noalias !0
  %1 = getelementptr i8, ptr %arg.obs_p, i64 8
  %.824.2.i = fptrunc double %.794.2.i to float
  store float %.824.2.i, ptr %1, align 4, !noalias !0
  %.794.3.i = load double, ptr %.418.i, align 8, !noalias !0
  %2 = getelementptr i8, ptr %arg.obs_p, i64 12
  %.824.3.i = fptrunc double %.794.3.i to float
  store float %.824.3.i, ptr %2, align 4, !noalias !0
  %.865.i = load double, ptr %arg.state_p, align 8, !noalias !0
  %3 = tail call double @llvm.fabs.f64(double %.865.i)
  %or.cond.i = fcmp ogt double %3, 2.400000e+00
  br i1 %or.cond.i, label %_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a.exit, label %B805.i

B805.i:                                           ; preds = %B50
  %sunkaddr = getelementptr i8, ptr %arg.state_p, i64 16
  %.935.i = load double, ptr %sunkaddr, align 8, !noalias !0
  %.937.i = fcmp olt double %.935.i, 0xBFCACEE9F37BEBD5
  br i1 %.937.i, label %_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a.exit, label %B841.i

B841.i:                                           ; preds = %B805.i
  %.976.i = fcmp ogt double %.935.i, 0x3FCACEE9F37BEBD5
  %4 = zext i1 %.976.i to i8
  br label %_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a.exit

_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a.exit: ; preds = %B50, %B805.i, %B841.i
  %step_v16__vphi720_0.4.0.i = phi i8 [ 1, %B50 ], [ %4, %B841.i ], [ 1, %B805.i ]
  store i8 %step_v16__vphi720_0.4.0.i, ptr %arg.term_p, align 1, !noalias !0
  store double 1.000000e+00, ptr %arg.reward_p, align 8, !noalias !0
  br label %B110

B110:                                             ; preds = %B20, %_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a.exit
  %status.3.0 = phi i32 [ 0, %_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a.exit ], [ -2147483648, %B20 ]
  store ptr null, ptr %excinfo, align 8
  store i32 %status.3.0, ptr %retptr, align 4
  ret i32 0
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define i32 @cfunc._ZN13_3cdynamic_3e4stepB3v14B68c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAg6cJqBrMeIZJFMGMQUpXYBFNAA_3d_3dE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a(ptr captures(none) %.1, ptr readnone captures(none) %.2, ptr readonly captures(none) %.3, ptr writeonly captures(none) %.4, ptr writeonly captures(none) %.5, ptr writeonly captures(none) %.6, ptr readnone captures(none) %.7) local_unnamed_addr #0 {
entry:
  %.9 = alloca i32, align 4
  %excinfo = alloca ptr, align 8
  store ptr null, ptr %excinfo, align 8
  %.13 = call i32 @_ZN13_3cdynamic_3e4stepB3v14B68c8tJTIeFIjxB2IKSgI4CrvQCk0Z4yRYcWsBAg6cJqBrMeIZJFMGMQUpXYBFNAA_3d_3dE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a(ptr nonnull %.9, ptr nonnull %excinfo, ptr %.1, ptr poison, ptr %.3, ptr %.4, ptr %.5, ptr %.6, ptr poison) #2
  %.23 = load i32, ptr %.9, align 4
  ret i32 %.23
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.cos.f64(double) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sin.f64(double) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { noinline }

!0 = !{!1}
!1 = distinct !{!1, !2, !"_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a: %retptr"}
!2 = distinct !{!2, !"_ZN13_3cdynamic_3e9step_bodyB3v15B56c8tJTIeFIjxB2IKSgI4CrvSCKg1MMbCQQPKkLTj8gMFYBFOOlH7AIpoAE10float64_2a9uint32_2a8int32_2a10float32_2a10float64_2a7bool_2a66Record_28_no_info_5btype_3duint8_3boffset_3d0_5d_3b1_3bFalse_29_2a"}
